//! The server's connections: HTTP/1.1 by hyper, each request's head read first by
//! [`Guarded`], so that a request the HTTP layer refuses (a request line or headers too long,
//! a head that is not HTTP/1.1) is answered `{"error": "..."}` like every other error.
//!
//! Hyper answers a head it cannot read with a bare status (400, 414, 431) and an empty body,
//! and has no way to give that answer a body; it refuses a request line over 64 KiB whatever
//! it is told. So [`Guarded`] sits between the socket and hyper: it reads each head before
//! hyper sees it, checks it with hyper's own parser (httparse) and hyper's rules (the method,
//! the address, `Content-Length` and `Transfer-Encoding`), within limits below hyper's
//! ([`REQUEST_LINE_BYTES`], [`HEAD_BYTES`], [`HEADERS`]), and hands hyper only the heads
//! that pass, each with its body (framed by its length or its chunks, so that the next head
//! is found). A head that does not pass is answered here once hyper has answered the requests
//! before it, and the connection closed.

use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{ready, Context, Poll, Waker};
use std::time::Duration;

use axum::body::{Body, Bytes, HttpBody};
use axum::http::{Method, Request, StatusCode, Uri};
use axum::Router;
use bytes::{Buf, BytesMut};
use http_body::{Frame as BodyFrame, SizeHint};
use hyper::body::Incoming;
use hyper_util::rt::TokioIo;
use serde_json::json;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;

/// The longest request line read (`GET /api/table?game=nim&size=20 HTTP/1.1` and its line
/// end), in bytes: a longer one is answered 414.
pub const REQUEST_LINE_BYTES: usize = 8 << 10;

/// The longest head read (the request line and the headers), in bytes: a longer one is
/// answered 431.
pub const HEAD_BYTES: usize = 64 << 10;

/// The most headers a request may have (hyper's own limit): more are answered 431.
pub const HEADERS: usize = 100;

/// How much is read from the socket at a time, in bytes.
const READ_BYTES: usize = 8 << 10;

/// How long, and how many bytes, a refused client's remaining request is read and dropped
/// after the answer, so that closing with unread bytes does not reset the connection before
/// the client has read the answer.
const LINGER: (Duration, usize) = (Duration::from_secs(2), 1 << 20);

/// Serves one connection with `app`: hyper for the requests whose heads pass, the JSON
/// refusal of the first that does not. Returns when the connection is closed.
pub(crate) async fn serve_connection(stream: TcpStream, app: Router) {
    let open = Arc::new(Open::default());
    let service = hyper::service::service_fn({
        let open = Arc::clone(&open);
        move |request: Request<Incoming>| {
            let answering = Answering::start(&open);
            let mut app = app.clone();
            async move {
                // A router is always ready: it is called without asking.
                let response = tower_service::Service::call(&mut app, request).await?;
                Ok::<_, Infallible>(response.map(|body| Body::new(answering.with(body))))
            }
        }
    });
    let guarded = Guarded::new(stream, open);
    // An error is the client's (it went away, or sent a body that is not HTTP): the
    // connection is closed as the socket is dropped.
    let _ = hyper::server::conn::http1::Builder::new()
        .serve_connection(TokioIo::new(guarded), service)
        .await;
}

/// The requests hyper has been given on a connection and not yet answered in full (their
/// answers written, or dropped), and the reader waiting for none to be open.
#[derive(Default)]
struct Open {
    requests: AtomicUsize,
    waiting: Mutex<Option<Waker>>,
}

impl Open {
    /// Whether every request given to hyper has been answered. O(1).
    fn none(&self) -> bool {
        self.requests.load(Ordering::Acquire) == 0
    }

    /// Wakes `waker` when the last request open is answered. O(1).
    fn wake_when_none(&self, waker: &Waker) {
        *self.waiting.lock().unwrap_or_else(PoisonError::into_inner) = Some(waker.clone());
    }
}

/// A request being answered: counted open from the call of the service until its answer's
/// body has been written (or dropped, when the client goes away).
struct Answering(Arc<Open>);

impl Answering {
    /// Counts a request open on `open`. O(1).
    fn start(open: &Arc<Open>) -> Answering {
        open.requests.fetch_add(1, Ordering::AcqRel);
        Answering(Arc::clone(open))
    }

    /// `body`, which keeps the request open until hyper lets it go.
    fn with(self, body: Body) -> AnswerBody {
        AnswerBody {
            body,
            _answering: self,
        }
    }
}

impl Drop for Answering {
    fn drop(&mut self) {
        if self.0.requests.fetch_sub(1, Ordering::AcqRel) == 1 {
            let waiting = self
                .0
                .waiting
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            if let Some(waker) = waiting.as_ref() {
                waker.wake_by_ref();
            }
        }
    }
}

/// An answer's body, holding its request open while hyper writes it.
struct AnswerBody {
    body: Body,
    _answering: Answering,
}

impl HttpBody for AnswerBody {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<BodyFrame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.get_mut().body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

/// A refusal: the status, and what was wrong, for the client.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Refusal {
    status: StatusCode,
    message: String,
}

/// The refusal `message` with `status`.
fn refuse(status: StatusCode, message: impl Into<String>) -> Refusal {
    Refusal {
        status,
        message: message.into(),
    }
}

impl Refusal {
    /// The whole answer, as sent: a head that closes the connection, and the JSON body.
    fn answer(&self) -> Vec<u8> {
        let body = json!({ "error": self.message }).to_string();
        let status = self.status;
        format!(
            "HTTP/1.1 {} {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
             connection: close\r\n\r\n{body}",
            status.as_str(),
            status.canonical_reason().unwrap_or(""),
            body.len()
        )
        .into_bytes()
    }
}

/// What the bytes after a head are, up to the next head.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Framing {
    /// A head, or the start of one.
    Head,
    /// The rest of a body of a known length, in bytes.
    Length(u64),
    /// A chunked body, where in it.
    Chunked(Chunk),
    /// Bytes hyper refuses (a chunk's size too large to count): all given to hyper, which
    /// closes the connection.
    Unread,
}

/// Where a chunked body is: each chunk is its size in hexadecimal (and extensions) on a line,
/// that many bytes and a line end; the chunk of size 0 ends the body, after trailer lines
/// and an empty line. Lines end at `\n` here: hyper wants `\r\n`, and refuses the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Chunk {
    /// The size's digits, read so far.
    Size(u64),
    /// The rest of the size's line (extensions), the size read.
    SizeLine(u64),
    /// The chunk's bytes still to come.
    Data(u64),
    /// The line end after the chunk's bytes.
    DataEnd,
    /// A trailer line, empty so far or not.
    Trailer { empty: bool },
}

impl Chunk {
    /// What follows `byte` (not in a chunk's data): the next state, or the next head when the
    /// body is over. O(1).
    fn after(self, byte: u8) -> Framing {
        let chunk = Framing::Chunked;
        match (self, byte) {
            (Chunk::Size(size), _) if byte.is_ascii_hexdigit() => {
                let digit = u64::from((byte as char).to_digit(16).unwrap_or(0));
                match size.checked_mul(16).and_then(|s| s.checked_add(digit)) {
                    Some(size) => chunk(Chunk::Size(size)),
                    None => Framing::Unread,
                }
            }
            (Chunk::Size(0) | Chunk::SizeLine(0), b'\n') => chunk(Chunk::Trailer { empty: true }),
            (Chunk::Size(size) | Chunk::SizeLine(size), b'\n') => chunk(Chunk::Data(size)),
            (Chunk::Size(size), _) => chunk(Chunk::SizeLine(size)),
            (Chunk::DataEnd, b'\n') => chunk(Chunk::Size(0)),
            (Chunk::Trailer { empty: true }, b'\n') => Framing::Head,
            (Chunk::Trailer { .. }, b'\n') => chunk(Chunk::Trailer { empty: true }),
            (Chunk::Trailer { empty }, b'\r') => chunk(Chunk::Trailer { empty }),
            (Chunk::Trailer { .. }, _) => chunk(Chunk::Trailer { empty: false }),
            (state, _) => chunk(state),
        }
    }
}

/// What the bytes at the start of a head say.
#[derive(Debug, PartialEq, Eq)]
enum Head {
    /// Not all of it has come yet, and what has passes.
    More,
    /// A head of `len` bytes that hyper reads, followed by its body.
    Read { len: usize, body: Framing },
    /// A head to refuse.
    Refused(Refusal),
}

/// Reads the head at the start of `bytes` (which does not start with a line end) as hyper
/// would, within [`REQUEST_LINE_BYTES`], [`HEAD_BYTES`] and [`HEADERS`]. O(bytes).
fn read_head(bytes: &[u8]) -> Head {
    let line = bytes.iter().position(|&b| b == b'\n').map(|end| end + 1);
    if line.unwrap_or(bytes.len()) > REQUEST_LINE_BYTES {
        return Head::Refused(refuse(
            StatusCode::URI_TOO_LONG,
            format!(
                "the request line (the method, the address and the version) is longer than \
                 the {REQUEST_LINE_BYTES} bytes this server reads: give a shorter address"
            ),
        ));
    }
    let too_long = || {
        Head::Refused(refuse(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            format!(
                "the request's head (its request line and headers) is longer than the \
                 {HEAD_BYTES} bytes this server reads"
            ),
        ))
    };
    let mut headers = [httparse::EMPTY_HEADER; HEADERS];
    let mut request = httparse::Request::new(&mut headers);
    match request.parse(bytes) {
        Ok(httparse::Status::Complete(len)) if len > HEAD_BYTES => too_long(),
        Ok(httparse::Status::Complete(len)) => match body_of(&request) {
            Ok(body) => Head::Read { len, body },
            Err(refusal) => Head::Refused(refusal),
        },
        Ok(httparse::Status::Partial) if bytes.len() > HEAD_BYTES => too_long(),
        Ok(httparse::Status::Partial) => Head::More,
        Err(httparse::Error::TooManyHeaders) => Head::Refused(refuse(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            format!("the request has more than the {HEADERS} headers this server reads"),
        )),
        Err(e) => Head::Refused(refuse(
            StatusCode::BAD_REQUEST,
            format!(
                "the request is not HTTP/1.1 ({e}): a request starts with a line such as \
                 GET /api/games HTTP/1.1"
            ),
        )),
    }
}

/// The body after a complete head, by hyper's rules: chunked if its last
/// `Transfer-Encoding` ends with `chunked` (HTTP/1.1 only), else its `Content-Length` (all
/// the same), else none; a refusal for the method, the address or the framing hyper
/// refuses. O(head).
fn body_of(request: &httparse::Request<'_, '_>) -> Result<Framing, Refusal> {
    let bad = |message: String| refuse(StatusCode::BAD_REQUEST, message);
    let method = request.method.unwrap_or_default();
    Method::from_bytes(method.as_bytes())
        .map_err(|_| bad(format!("'{method}' is not a method: GET or POST")))?;
    let path = request.path.unwrap_or_default();
    Uri::try_from(path).map_err(|e| bad(format!("the address is not a URI ({e})")))?;
    let (mut chunked, mut encoded, mut length) = (false, false, None);
    for header in request.headers.iter() {
        let value = String::from_utf8_lossy(header.value);
        if header.name.eq_ignore_ascii_case("transfer-encoding") {
            if request.version == Some(0) {
                return Err(bad(
                    "an HTTP/1.0 request has no Transfer-Encoding".to_string()
                ));
            }
            encoded = true;
            length = None;
            chunked = (value.rsplit(',').next())
                .is_some_and(|last| last.trim().eq_ignore_ascii_case("chunked"));
        } else if header.name.eq_ignore_ascii_case("content-length") && !encoded {
            let n = Some(value.as_ref())
                .filter(|v| !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|v| v.parse::<u64>().ok())
                .filter(|&n| n <= u64::MAX - 2)
                .ok_or_else(|| bad(format!("the Content-Length '{value}' is not a length")))?;
            if length.is_some_and(|l| l != n) {
                return Err(bad(
                    "the request has two different Content-Lengths".to_string()
                ));
            }
            length = Some(n);
        }
    }
    if encoded && !chunked {
        return Err(bad(
            "the request's Transfer-Encoding does not end with chunked".to_string(),
        ));
    }
    Ok(match (chunked, length) {
        (true, _) => Framing::Chunked(Chunk::Size(0)),
        (false, Some(n)) if n > 0 => Framing::Length(n),
        _ => Framing::Head,
    })
}

/// The bytes of a connection as they come, framed: each head read by [`read_head`], the body
/// after it passed by its length or its chunks, up to a head that is refused or not all
/// there.
struct Framer {
    /// Bytes read from the socket and not yet given to hyper.
    inbox: BytesMut,
    /// How many bytes at the start of `inbox` hyper may have: those of heads that passed,
    /// and of their bodies.
    cleared: usize,
    /// What the bytes of `inbox` after `cleared` are.
    frame: Framing,
    /// In the head at `cleared`: the bytes looked at for a line end, and whether one was
    /// found. The head is read again only once a line has ended since, so that a head sent
    /// a byte at a time costs a reading a line.
    scanned: usize,
    lines: bool,
    /// The refusal of the head at `cleared`, which hyper never sees.
    refusal: Option<Refusal>,
}

impl Framer {
    /// Nothing read yet.
    fn new() -> Framer {
        Framer {
            inbox: BytesMut::new(),
            cleared: 0,
            frame: Framing::Head,
            scanned: 0,
            lines: false,
            refusal: None,
        }
    }

    /// Frames the bytes of `inbox` after `cleared` as far as they go: heads read, bodies
    /// passed, up to a head that is refused or not all there. O(bytes framed), and a head's
    /// length at each line that ends in it.
    fn advance(&mut self) {
        while self.refusal.is_none() && self.cleared < self.inbox.len() {
            let rest = (self.inbox.len() - self.cleared) as u64;
            match self.frame {
                Framing::Head => {
                    if !self.advance_head() {
                        return;
                    }
                }
                Framing::Length(left) | Framing::Chunked(Chunk::Data(left)) => {
                    let passed = rest.min(left);
                    self.cleared += passed as usize;
                    self.frame = match (self.frame, left - passed) {
                        (Framing::Length(_), 0) => Framing::Head,
                        (Framing::Length(_), left) => Framing::Length(left),
                        (_, 0) => Framing::Chunked(Chunk::DataEnd),
                        (_, left) => Framing::Chunked(Chunk::Data(left)),
                    };
                }
                Framing::Chunked(chunk) => {
                    self.frame = chunk.after(self.inbox[self.cleared]);
                    self.cleared += 1;
                }
                Framing::Unread => self.cleared = self.inbox.len(),
            }
        }
    }

    /// Reads the head at `cleared` if a line has ended in it since it was last read (or it
    /// is already too long): returns whether it was read, passed or refused.
    fn advance_head(&mut self) -> bool {
        let bytes = &self.inbox[self.cleared..];
        // Hyper skips the empty lines before a head.
        let blank = bytes.iter().take_while(|&&b| b == b'\r' || b == b'\n');
        let blank = blank.count();
        if blank > 0 {
            self.cleared += blank;
            return true;
        }
        let ended = bytes[self.scanned..].contains(&b'\n');
        self.scanned = bytes.len();
        self.lines |= ended;
        let line_too_long = !self.lines && bytes.len() > REQUEST_LINE_BYTES;
        if !ended && !line_too_long && bytes.len() <= HEAD_BYTES {
            return false;
        }
        match read_head(bytes) {
            Head::More => false,
            Head::Read { len, body } => {
                self.cleared += len;
                self.frame = body;
                (self.scanned, self.lines) = (0, false);
                true
            }
            Head::Refused(refusal) => {
                self.refusal = Some(refusal);
                true
            }
        }
    }

    /// Takes the first `n` cleared bytes, for hyper. O(n).
    fn take(&mut self, n: usize, into: &mut ReadBuf<'_>) {
        into.put_slice(&self.inbox[..n]);
        self.inbox.advance(n);
        self.cleared -= n;
    }
}

/// A connection's socket as hyper reads it ([`Framer`]): each head once it has passed
/// [`read_head`], with the body after it; after a head that does not pass, the end of the
/// input once hyper has answered the requests before it; when hyper then closes the
/// connection, the refusal, written after hyper's answers. Writes go to the socket as they
/// are.
struct Guarded {
    stream: TcpStream,
    framer: Framer,
    /// Whether the client has closed its side.
    ended: bool,
    /// The requests hyper has not answered yet.
    open: Arc<Open>,
    /// How far the refusal has got once hyper closes the connection.
    closing: Closing,
}

/// The steps of closing a connection whose last head was refused.
enum Closing {
    /// The refusal's bytes written so far.
    Answering(usize),
    /// Reading what the client still sends, until it closes, [`LINGER`] has passed or its
    /// bytes are read.
    Lingering(Pin<Box<tokio::time::Sleep>>, usize),
    /// Done: the socket is shut.
    Closed,
}

impl Guarded {
    /// `stream`, its requests counted open on `open`.
    fn new(stream: TcpStream, open: Arc<Open>) -> Guarded {
        Guarded {
            stream,
            framer: Framer::new(),
            ended: false,
            open,
            closing: Closing::Answering(0),
        }
    }

    /// Closes the socket once hyper has written its answers: after a refused head, its
    /// refusal first, then what the client still sends read and dropped ([`LINGER`]).
    fn poll_close(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let Some(refusal) = &self.framer.refusal else {
            return Pin::new(&mut self.stream).poll_shutdown(cx);
        };
        let answer = refusal.answer();
        loop {
            match &mut self.closing {
                Closing::Answering(written) if *written < answer.len() => {
                    let n = ready!(Pin::new(&mut self.stream).poll_write(cx, &answer[*written..]))?;
                    if n == 0 {
                        return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
                    }
                    *written += n;
                }
                Closing::Answering(_) => {
                    ready!(Pin::new(&mut self.stream).poll_shutdown(cx))?;
                    let (time, _) = LINGER;
                    self.closing = Closing::Lingering(Box::pin(tokio::time::sleep(time)), 0);
                }
                Closing::Lingering(deadline, drained) => {
                    let (_, most) = LINGER;
                    if deadline.as_mut().poll(cx).is_ready() || *drained >= most {
                        self.closing = Closing::Closed;
                        continue;
                    }
                    let mut sink = [0; READ_BYTES];
                    let mut into = ReadBuf::new(&mut sink);
                    match ready!(Pin::new(&mut self.stream).poll_read(cx, &mut into)) {
                        Ok(()) if !into.filled().is_empty() => *drained += into.filled().len(),
                        _ => self.closing = Closing::Closed,
                    }
                }
                Closing::Closed => return Poll::Ready(Ok(())),
            }
        }
    }
}

impl AsyncRead for Guarded {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        loop {
            let framer = &mut this.framer;
            framer.advance();
            if framer.cleared > 0 {
                framer.take(framer.cleared.min(buf.remaining()), buf);
                return Poll::Ready(Ok(()));
            }
            if framer.refusal.is_some() {
                // The end of the input once hyper has answered every request before the one
                // refused: hyper then closes the connection, and the refusal follows.
                this.open.wake_when_none(cx.waker());
                return match this.open.none() {
                    true => Poll::Ready(Ok(())),
                    false => Poll::Pending,
                };
            }
            if this.ended {
                return Poll::Ready(Ok(()));
            }
            let inbox = &mut framer.inbox;
            let len = inbox.len();
            inbox.resize(len + READ_BYTES, 0);
            let mut into = ReadBuf::new(&mut inbox[len..]);
            let read = Pin::new(&mut this.stream).poll_read(cx, &mut into);
            let n = into.filled().len();
            inbox.truncate(len + n);
            ready!(read)?;
            this.ended = n == 0;
        }
    }
}

impl AsyncWrite for Guarded {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.get_mut().poll_close(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The status `read_head` refuses `head` with.
    fn refused(head: &[u8]) -> StatusCode {
        match read_head(head) {
            Head::Refused(refusal) => refusal.status,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn heads_are_read_as_hyper_reads_them() {
        let get = b"GET /api/games HTTP/1.1\r\nHost: a\r\n\r\n";
        let read = Head::Read {
            len: get.len(),
            body: Framing::Head,
        };
        assert_eq!(read_head(get), read);
        assert_eq!(read_head(&get[..20]), Head::More);
        let post = b"POST /api/position HTTP/1.1\r\nContent-Length: 12\r\n\r\n";
        assert!(matches!(
            read_head(post),
            Head::Read {
                body: Framing::Length(12),
                ..
            }
        ));
        let chunked = b"POST / HTTP/1.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n";
        assert!(matches!(
            read_head(chunked),
            Head::Read {
                body: Framing::Chunked(Chunk::Size(0)),
                ..
            }
        ));
        let bad = StatusCode::BAD_REQUEST;
        assert_eq!(refused(b"HELLO\r\n\r\n"), bad);
        assert_eq!(refused(b"GET / HTTP/2.0\r\n\r\n"), bad);
        assert_eq!(
            refused(b"GET / HTTP/1.1\r\nContent-Length: 1x\r\n\r\n"),
            bad
        );
        let two = b"GET / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n";
        assert_eq!(refused(two), bad);
        let zipped = b"POST / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n";
        assert_eq!(refused(zipped), bad);
        let old = b"POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n";
        assert_eq!(refused(old), bad);
    }

    #[test]
    fn heads_past_the_limits_are_refused_with_the_limit() {
        let line = format!("GET /{} HTTP/1.1\r\n\r\n", "a".repeat(REQUEST_LINE_BYTES));
        assert_eq!(refused(line.as_bytes()), StatusCode::URI_TOO_LONG);
        // Before its end has come too.
        assert_eq!(
            refused(&line.as_bytes()[..REQUEST_LINE_BYTES + 1]),
            StatusCode::URI_TOO_LONG
        );
        let header = format!("GET / HTTP/1.1\r\nX: {}\r\n\r\n", "a".repeat(HEAD_BYTES));
        assert_eq!(
            refused(header.as_bytes()),
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE
        );
        let many = format!("GET / HTTP/1.1\r\n{}\r\n", "X: a\r\n".repeat(HEADERS + 1));
        assert_eq!(
            refused(many.as_bytes()),
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE
        );
        let Head::Refused(refusal) = read_head(line.as_bytes()) else {
            unreachable!()
        };
        let answer = String::from_utf8(refusal.answer()).unwrap();
        let (head, body) = answer.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 414 URI Too Long\r\n"), "{head}");
        assert!(head.contains(&format!("content-length: {}", body.len())));
        let body: serde_json::Value = serde_json::from_str(body).unwrap();
        assert!(body["error"].as_str().unwrap().contains("8192 bytes"));
    }

    /// Pipelined requests, however they are split, are framed up to the one refused; fed a
    /// byte at a time, each is seen to end where it does.
    #[test]
    fn pipelined_requests_are_framed_however_they_come() {
        let requests: [&[u8]; 4] = [
            b"\r\nPOST /a HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc",
            b"POST /b HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nabc\r\n10\r\n0123456789abcdef\r\n0\r\nT: 1\r\n\r\n",
            b"GET /c HTTP/1.1\r\n\r\n",
            b"GET /d HTTP/9\r\n\r\n",
        ];
        let stream = requests.concat();
        let ends: Vec<usize> = (requests.iter())
            .scan(0, |at, r| {
                *at += r.len();
                Some(*at)
            })
            .collect();
        for split in [1, 2, 3, 7, 64, stream.len()] {
            let mut framer = Framer::new();
            let mut taken = 0;
            let mut seen = Vec::new();
            for piece in stream.chunks(split) {
                framer.inbox.extend_from_slice(piece);
                framer.advance();
                // Where the cleared bytes end after each piece, when a head is next.
                let end = taken + framer.cleared;
                if framer.frame == Framing::Head && !seen.contains(&end) {
                    seen.push(end);
                }
                let mut sink = vec![0; framer.cleared];
                framer.take(framer.cleared, &mut ReadBuf::new(&mut sink));
                taken = end;
            }
            assert_eq!(taken, ends[2], "split {split}");
            if split == 1 {
                assert!(ends[..3].iter().all(|e| seen.contains(e)), "{seen:?}");
            }
            let refusal = framer.refusal.expect("the last head is refused");
            assert_eq!(refusal.status, StatusCode::BAD_REQUEST);
        }
    }
}
