//! Progress bars on stderr, shown only when stderr is a terminal.

use std::io::IsTerminal;
use std::time::Duration;

use grundy::progress::Progress;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// An indicatif bar behind the library's [`Progress`] trait; hidden unless stderr is a
/// terminal, so pipes and CI logs stay clean.
pub struct Bar {
    bar: ProgressBar,
    terminal: bool,
}

impl Bar {
    /// A bar on stderr if it is a terminal, else a hidden one.
    pub fn new() -> Bar {
        // Drawn only once a phase has set its style (see `phase`).
        Bar {
            bar: ProgressBar::hidden(),
            terminal: std::io::stderr().is_terminal(),
        }
    }

    /// Shows a spinning message for a step whose size is not known.
    pub fn step(&self, message: &str) {
        self.phase(message, None);
    }
}

impl Progress for Bar {
    fn phase(&self, name: &str, total: Option<u64>) {
        match total {
            Some(total) => {
                self.bar.set_style(
                    ProgressStyle::with_template(
                        "{msg:>10} [{bar:40}] {bytes}/{total_bytes} ({eta})",
                    )
                    .expect("valid template")
                    .progress_chars("=> "),
                );
                self.bar.set_length(total);
            }
            None => {
                self.bar.set_style(
                    ProgressStyle::with_template("{spinner} {msg} ({elapsed})")
                        .expect("valid template"),
                );
                self.bar.enable_steady_tick(Duration::from_millis(120));
            }
        }
        self.bar.set_message(name.to_string());
        self.bar.reset();
        if self.terminal && self.bar.is_hidden() {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    fn advance(&self, done: u64) {
        self.bar.inc(done);
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
