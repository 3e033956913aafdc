//! Progress bars on stderr for the calls that take `progress=True`.
//!
//! The bar is drawn on stderr whether or not it is a terminal (a notebook's or a log's
//! stderr is not), since the caller asked for it, at a modest refresh rate; it is cleared
//! when the job ends, and when the bar is dropped on an error.

use std::sync::Mutex;
use std::time::Duration;

use console::Term;
use grundy::progress::Progress;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Redraws per second, at most.
const REFRESH_HZ: u8 = 8;

/// An indicatif bar behind the library's [`Progress`] trait, or nothing when not asked for.
pub struct Bar {
    shown: bool,
    /// The bar of the current phase: each phase has its own, styled before it is drawn.
    current: Mutex<Option<ProgressBar>>,
}

impl Bar {
    /// A bar on stderr if `shown`, else one that draws nothing.
    pub fn new(shown: bool) -> Bar {
        Bar {
            shown,
            current: Mutex::new(None),
        }
    }

    /// Starts a phase: the previous one's bar is cleared, the new one drawn at once.
    fn start(&self, name: &str, template: &str, total: Option<u64>) {
        if !self.shown {
            return;
        }
        let style = ProgressStyle::with_template(template)
            .expect("valid template")
            .progress_chars("=> ");
        let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::hidden())
            .with_style(style)
            .with_message(name.to_string());
        bar.set_draw_target(ProgressDrawTarget::term_like_with_hz(
            Box::new(Term::stderr()),
            REFRESH_HZ,
        ));
        // Drawn now: `tick` does nothing once the steady ticker runs.
        bar.tick();
        bar.enable_steady_tick(Duration::from_millis(1000 / u64::from(REFRESH_HZ)));
        let mut current = self.current.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(old) = current.replace(bar) {
            old.finish_and_clear();
        }
    }

    /// A phase counted one by one, of unknown size: `name: 12,345 (3s)`.
    pub fn count(&self, name: &str) {
        self.start(name, "{spinner} {msg}: {human_pos} ({elapsed})", None);
    }

    /// One more unit of the current phase done (a position explored).
    pub fn tick(&self) {
        self.advance(1);
    }
}

impl Progress for Bar {
    fn phase(&self, name: &str, total: Option<u64>) {
        let template = match total {
            // The reader counts bytes; every other phase counts positions or heaps.
            Some(_) if name == "reading" => "{msg} [{bar:30}] {bytes}/{total_bytes} ({eta})",
            Some(_) => "{msg} [{bar:30}] {human_pos}/{human_len} ({eta})",
            None => "{spinner} {msg} ({elapsed})",
        };
        self.start(name, template, total);
    }

    fn advance(&self, done: u64) {
        if self.shown {
            if let Some(bar) = &*self.current.lock().unwrap_or_else(|e| e.into_inner()) {
                bar.inc(done);
            }
        }
    }

    fn finish(&self) {
        if self.shown {
            if let Some(bar) = self
                .current
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .take()
            {
                bar.finish_and_clear();
            }
        }
    }
}

impl Drop for Bar {
    /// The bar is cleared however the job ends, an error included.
    fn drop(&mut self) {
        self.finish();
    }
}
