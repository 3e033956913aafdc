//! Nimbers: the field of characteristic 2 on the integers, with Conway's nim-multiplication.

use pyo3::exceptions::PyZeroDivisionError;
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;

/// A nimber `*n` (0 ≤ n < 2^64): `+` and `-` are XOR, `*` is nim-multiplication, `/` divides.
/// Ints mix in (`Nimber(2) * 3`); `int(x)` gives the integer back.
///
/// >>> Nimber(2) * Nimber(2)
/// Nimber(3)
/// >>> int(Nimber(5) + 3)
/// 6
#[pyclass(module = "grundy", frozen)]
#[derive(Clone, Copy)]
pub struct Nimber(grundy::Nimber);

/// A nimber or an int, as an operand.
#[derive(FromPyObject)]
enum Operand {
    Nimber(Nimber),
    Int(u64),
}

impl Operand {
    fn nimber(self) -> grundy::Nimber {
        match self {
            Operand::Nimber(n) => n.0,
            Operand::Int(n) => grundy::Nimber(n),
        }
    }
}

#[pymethods]
impl Nimber {
    #[new]
    fn new(value: u64) -> Nimber {
        Nimber(grundy::Nimber(value))
    }

    fn __add__(&self, other: Operand) -> Nimber {
        Nimber(self.0 + other.nimber())
    }

    fn __radd__(&self, other: Operand) -> Nimber {
        self.__add__(other)
    }

    fn __sub__(&self, other: Operand) -> Nimber {
        Nimber(self.0 - other.nimber())
    }

    fn __rsub__(&self, other: Operand) -> Nimber {
        Nimber(other.nimber() - self.0)
    }

    fn __mul__(&self, other: Operand) -> Nimber {
        Nimber(self.0 * other.nimber())
    }

    fn __rmul__(&self, other: Operand) -> Nimber {
        self.__mul__(other)
    }

    fn __truediv__(&self, other: Operand) -> PyResult<Nimber> {
        self.0
            .checked_div(other.nimber())
            .map(Nimber)
            .ok_or_else(|| PyZeroDivisionError::new_err("nimber division by zero"))
    }

    fn __rtruediv__(&self, other: Operand) -> PyResult<Nimber> {
        Nimber(other.nimber()).__truediv__(Operand::Nimber(*self))
    }

    fn __pow__(&self, exponent: u64, _modulo: Option<u64>) -> Nimber {
        Nimber(self.0.pow(exponent))
    }

    fn __neg__(&self) -> Nimber {
        *self
    }

    /// The multiplicative inverse (`ZeroDivisionError` for 0).
    fn inverse(&self) -> PyResult<Nimber> {
        self.0
            .inv()
            .map(Nimber)
            .ok_or_else(|| PyZeroDivisionError::new_err("0 has no nimber inverse"))
    }

    /// The square root (every nimber has exactly one).
    fn sqrt(&self) -> Nimber {
        Nimber(self.0.sqrt())
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyObject {
        let py = other.py();
        match (other.extract::<Operand>(), op) {
            (Ok(o), CompareOp::Eq) => (self.0 == o.nimber())
                .into_pyobject(py)
                .unwrap()
                .to_owned()
                .into_any()
                .unbind(),
            (Ok(o), CompareOp::Ne) => (self.0 != o.nimber())
                .into_pyobject(py)
                .unwrap()
                .to_owned()
                .into_any()
                .unbind(),
            _ => py.NotImplemented(),
        }
    }

    fn __hash__(&self) -> u64 {
        // Equal to the int's hash for small values, so that `Nimber(3) == 3` keeps sets sane.
        self.0 .0 % ((1 << 61) - 1)
    }

    fn __int__(&self) -> u64 {
        self.0 .0
    }

    fn __index__(&self) -> u64 {
        self.0 .0
    }

    fn __bool__(&self) -> bool {
        self.0 .0 != 0
    }

    fn __repr__(&self) -> String {
        format!("Nimber({})", self.0)
    }

    fn __str__(&self) -> String {
        format!("*{}", self.0)
    }
}
