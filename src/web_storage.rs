//! Browser glue for [`planner_core::storage`]: reads and writes the state and backup keys in
//! `window.localStorage`, mapping a full quota to [`StorageError::QuotaExceeded`]. No panics:
//! a missing or blocked storage (private mode, disabled cookies) is an error value.

pub use planner_core::storage::StorageError;
use planner_core::storage::{self, Restored, Stored, STATE_KEY};
use wasm_bindgen::{JsCast, JsValue};

fn local_storage() -> Result<web_sys::Storage, StorageError> {
    web_sys::window()
        .ok_or(StorageError::Unavailable)?
        .local_storage()
        .map_err(|e| map_error(&e))?
        .ok_or(StorageError::Unavailable)
}

/// Maps a thrown DOMException: `QuotaExceededError` (also Firefox's legacy
/// `NS_ERROR_DOM_QUOTA_REACHED` and code 22) → [`StorageError::QuotaExceeded`];
/// `SecurityError` → [`StorageError::Unavailable`].
fn map_error(e: &JsValue) -> StorageError {
    match e.dyn_ref::<web_sys::DomException>() {
        Some(d)
            if d.name() == "QuotaExceededError"
                || d.name() == "NS_ERROR_DOM_QUOTA_REACHED"
                || d.code() == 22 =>
        {
            StorageError::QuotaExceeded
        }
        Some(d) if d.name() == "SecurityError" => StorageError::Unavailable,
        // The exception's name (the browser's own word for what failed), not its message.
        Some(d) => StorageError::Browser(d.name()),
        None => StorageError::Browser(e.as_string().unwrap_or_default()),
    }
}

/// The text under `key`, `None` if absent.
pub fn read(key: &str) -> Result<Option<String>, StorageError> {
    local_storage()?.get_item(key).map_err(|e| map_error(&e))
}

/// Writes `value` under `key`. On [`StorageError::QuotaExceeded`] the old value is unchanged.
pub fn write(key: &str, value: &str) -> Result<(), StorageError> {
    local_storage()?
        .set_item(key, value)
        .map_err(|e| map_error(&e))
}

/// Reads the state ([`storage::restore`]) and performs its backup writes. Never fails: without
/// storage the defaults come back; a failed backup write is returned beside the state so the UI
/// can say the corrupt value could not be kept.
pub fn load() -> (Restored, Option<StorageError>) {
    let raw = match read(STATE_KEY) {
        Ok(r) => r,
        Err(e) => return (storage::restore(None, |_| false), Some(e)),
    };
    let restored = storage::restore(raw.as_deref(), |k| matches!(read(k), Ok(Some(_))));
    let mut error = None;
    for w in &restored.writes {
        if let Err(e) = write(&w.key, &w.value) {
            error = Some(e);
        }
    }
    (restored, error)
}

/// Saves the state under [`STATE_KEY`]. Errors: [`StorageError::QuotaExceeded`] (the previous
/// save is kept), [`StorageError::Unavailable`], [`StorageError::Unsaveable`].
pub fn save(stored: &Stored) -> Result<(), StorageError> {
    let w = storage::save(stored).map_err(StorageError::Unsaveable)?;
    write(&w.key, &w.value)
}
