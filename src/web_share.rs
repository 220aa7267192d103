//! Share links in the page: compressed and inflated by the browser's `CompressionStream` and
//! `DecompressionStream` (format `"deflate-raw"`, RFC 1951), so the wasm carries no deflate
//! code. The link format is the native one (`planner_core::share::encode` / `decode` with
//! `miniz_oxide`): links made by either open in the other; only the compressed bytes may differ
//! (another compressor, the same inflated JSON).
//!
//! Inflating keeps the native limits: the output is read chunk by chunk and the stream is
//! cancelled as soon as it passes [`MAX_INFLATED_BYTES`]; the input is written in
//! [`PIECE_BYTES`] pieces, each transformed only once the output of the previous one was read,
//! so at most one piece's output (deflate inflates at most about 1,032 times) is buffered beyond
//! the limit. A stream that ends before its last block fails when it is closed (the Compression
//! Streams standard's flush step), and what it inflated until then is kept: a truncated link
//! loads its complete leading part, as natively.

use planner_core::error::{BrowserAction, BrowserRefusal};
use planner_core::share::{
    fragment, link_bytes, link_json, open_inflated, Inflated, Opened, Shared, WriteError,
    MAX_INFLATED_BYTES,
};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::js_sys::{Error, Uint8Array};
use web_sys::{
    ReadableStream, ReadableStreamDefaultReader, ReadableStreamReadResult, WritableStream,
};

/// The Compression Streams format of share links: raw deflate, no zlib or gzip header.
const FORMAT: &str = "deflate-raw";

/// Bytes of input written to a stream at a time (bounds the output buffered per step).
pub const PIECE_BYTES: usize = 256;

#[wasm_bindgen]
extern "C" {
    /// The browser's `CompressionStream` (a readable/writable pair).
    type CompressionStream;
    #[wasm_bindgen(constructor, catch)]
    fn new(format: &str) -> Result<CompressionStream, JsValue>;
    #[wasm_bindgen(method, getter)]
    fn readable(this: &CompressionStream) -> ReadableStream;
    #[wasm_bindgen(method, getter)]
    fn writable(this: &CompressionStream) -> WritableStream;

    /// The browser's `DecompressionStream` (a readable/writable pair).
    type DecompressionStream;
    #[wasm_bindgen(constructor, catch)]
    fn new(format: &str) -> Result<DecompressionStream, JsValue>;
    #[wasm_bindgen(method, getter)]
    fn readable(this: &DecompressionStream) -> ReadableStream;
    #[wasm_bindgen(method, getter)]
    fn writable(this: &DecompressionStream) -> WritableStream;
}

/// The URL fragment of a share link, `#s=<payload>`, compressed by the browser: the same
/// format as the native [`super::encode`].
///
/// Errors if the scenario cannot be written as JSON (a non-finite number) or the browser has
/// no working `CompressionStream` (the browser's message).
pub async fn encode(shared: &Shared) -> Result<String, WriteError> {
    let text = link_json(shared).map_err(WriteError::Scenario)?;
    let deflated = deflate(text.as_bytes())
        .await
        .map_err(WriteError::Browser)?;
    Ok(fragment(&deflated))
}

/// Compresses `bytes` to raw deflate (RFC 1951) with the browser's `CompressionStream`.
///
/// Errors (with the browser's message, if it gave one) if it has no working
/// `CompressionStream`.
pub async fn deflate(bytes: &[u8]) -> Result<Vec<u8>, BrowserRefusal> {
    let refused =
        |m: String| BrowserRefusal::new(BrowserAction::Compress, Some(m).filter(|m| !m.is_empty()));
    let stream = CompressionStream::new(FORMAT).map_err(|e| refused(message(&e)))?;
    match pump(stream.readable(), stream.writable(), bytes, usize::MAX).await {
        Pumped::Done(deflated) => Ok(deflated),
        // No limit was set (usize::MAX bytes).
        Pumped::OverLimit => Err(refused(String::new())),
        Pumped::WriteFailed(e) | Pumped::CloseFailed(_, e) => Err(refused(e)),
    }
}

/// Decodes a share link as the native [`super::decode`] does (same notices, same limits),
/// inflating with the browser's `DecompressionStream`. `None` if the text carries no `s=`
/// parameter, or an empty one (`#s=`: nothing was shared, so nothing is said either).
pub async fn decode(link: &str) -> Option<Opened> {
    let deflated = match link_bytes(link)? {
        Ok(d) if d.is_empty() => return None,
        Ok(d) => d,
        Err(opened) => return Some(opened),
    };
    Some(open_inflated(inflate(&deflated).await))
}

/// Inflates raw deflate bytes with the browser, stopping at [`MAX_INFLATED_BYTES`].
pub async fn inflate(deflated: &[u8]) -> Inflated {
    let stream = match DecompressionStream::new(FORMAT) {
        Ok(s) => s,
        // No DecompressionStream: the link cannot be opened here (as a damaged one).
        Err(_) => return Inflated::Corrupt,
    };
    match pump(
        stream.readable(),
        stream.writable(),
        deflated,
        MAX_INFLATED_BYTES,
    )
    .await
    {
        Pumped::Done(out) => Inflated::Complete(out),
        Pumped::OverLimit => Inflated::TooLarge,
        Pumped::WriteFailed(_) => Inflated::Corrupt,
        Pumped::CloseFailed(partial, _) => Inflated::Truncated(partial),
    }
}

/// How a run of a transform stream ended.
enum Pumped {
    /// All input written, the stream closed cleanly: the whole output.
    Done(Vec<u8>),
    /// The output passed the limit; the stream was cancelled.
    OverLimit,
    /// Transforming the input failed (the browser's message, empty if it gave none).
    WriteFailed(String),
    /// The input was transformed but closing failed (a deflate stream cut short): the output
    /// until then and the browser's message (empty if none).
    CloseFailed(Vec<u8>, String),
}

/// Writes `input` into `writable` in [`PIECE_BYTES`] pieces and reads `readable` to its end,
/// keeping at most `limit` bytes of output.
async fn pump(
    readable: ReadableStream,
    writable: WritableStream,
    input: &[u8],
    limit: usize,
) -> Pumped {
    let writer = match writable.get_writer() {
        Ok(w) => w,
        Err(e) => return Pumped::WriteFailed(message(&e)),
    };
    let reader: ReadableStreamDefaultReader = readable.get_reader().unchecked_into();
    // Every write is queued now; the stream transforms each only when the reads below have
    // taken all earlier output (its readable side keeps no queue of its own). The empty last
    // piece therefore marks "all output of the input was read" before the close, so output
    // is not lost when the close fails.
    let mut writes: Vec<JsFuture> = input
        .chunks(PIECE_BYTES)
        .map(|piece| JsFuture::from(writer.write_with_chunk(&Uint8Array::from(piece))))
        .collect();
    writes.push(JsFuture::from(
        writer.write_with_chunk(&Uint8Array::new_with_length(0)),
    ));
    let closed = JsFuture::from(writer.close());
    let mut out = Vec::new();
    let mut over_limit = false;
    let read_failed = loop {
        let result = match JsFuture::from(reader.read()).await {
            Ok(r) => r.unchecked_into::<ReadableStreamReadResult>(),
            Err(e) => break Some(message(&e)),
        };
        if result.get_done().unwrap_or(true) {
            break None;
        }
        let chunk: Uint8Array = result.get_value().unchecked_into();
        if out.len() + chunk.length() as usize > limit {
            over_limit = true;
            // Cancelling errors the writable side too: the pending writes and close reject.
            let _ = JsFuture::from(reader.cancel()).await;
            break None;
        }
        out.extend(chunk.to_vec());
    };
    // Every promise settles once the stream is closed, errored or cancelled; awaiting them
    // all also keeps their callbacks alive until then.
    let mut write_failed = None;
    for w in writes {
        if let Err(e) = w.await {
            write_failed.get_or_insert_with(|| message(&e));
        }
    }
    let close_failed = closed.await.err().map(|e| message(&e));
    if over_limit {
        return Pumped::OverLimit;
    }
    match (write_failed, close_failed, read_failed) {
        (Some(e), _, _) => Pumped::WriteFailed(e),
        (None, Some(e), _) => Pumped::CloseFailed(out, e),
        (None, None, Some(e)) => Pumped::CloseFailed(out, e),
        (None, None, None) => Pumped::Done(out),
    }
}

/// The message of a thrown JavaScript value (`Error.message`, else its text; empty if it has
/// neither).
fn message(e: &JsValue) -> String {
    e.dyn_ref::<Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_default()
}
