//! Stable sorts that share one copy of the standard library's sort.
//!
//! Each `slice::sort_by` call with its own element type or comparison closure compiles its own
//! copy of the sort (quicksort, drift sort, small-sort networks: about 3–4 KB of wasm each
//! before wasm-opt). These functions sort a list of `u32` positions with a `dyn` comparison
//! instead, so the wasm carries one copy of the sort however many things the app sorts, and then
//! move the elements into that order (docs/performance.md, bundle size). The results are
//! those of the standard library's stable sorts: ties keep their order.

use std::cmp::Ordering;

/// Sorts `v` by `cmp`, stably (as [`slice::sort_by`]).
///
/// # Panics
/// If `v` has more than `u32::MAX` elements.
pub fn sort_by<T>(v: &mut [T], cmp: &dyn Fn(&T, &T) -> Ordering) {
    let order = sorted_positions(v.len(), &|a, b| cmp(&v[a], &v[b]));
    permute(v, &order);
}

/// Sorts `v` by the key `key` computes once per element, stably (as
/// [`slice::sort_by_cached_key`], which breaks ties by position too).
///
/// # Panics
/// If `v` has more than `u32::MAX` elements.
pub fn sort_by_cached_key<T, K: Ord>(v: &mut [T], key: impl Fn(&T) -> K) {
    let keys: Vec<K> = v.iter().map(key).collect();
    let order = sorted_positions(v.len(), &|a, b| keys[a].cmp(&keys[b]));
    permute(v, &order);
}

/// The positions `0..len` in stable sorted order under `cmp` (which compares two positions).
/// The one instance of the standard library's sort behind this module.
fn sorted_positions(len: usize, cmp: &dyn Fn(usize, usize) -> Ordering) -> Vec<u32> {
    let len = u32::try_from(len).unwrap_or_else(|_| panic!("more than u32::MAX elements to sort"));
    let mut order: Vec<u32> = (0..len).collect();
    order.sort_by(|&a, &b| cmp(a as usize, b as usize));
    order
}

/// Rearranges `v` so that the new `v[i]` is the old `v[order[i]]` (`order` is a permutation of
/// `0..v.len()`), one cycle of the permutation at a time.
fn permute<T>(v: &mut [T], order: &[u32]) {
    let mut done = vec![false; v.len()];
    for start in 0..v.len() {
        if done[start] {
            continue;
        }
        // Along the cycle start → order[start] → …: each swap puts the element wanted at `i`
        // there and carries the old `v[start]` on to the cycle's last position.
        let mut i = start;
        loop {
            done[i] = true;
            let j = order[i] as usize;
            if j == start {
                break;
            }
            v.swap(i, j);
            i = j;
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The same order as the standard library's stable sorts, ties included (the elements
        /// carry their original position, which the comparison ignores).
        #[test]
        fn sorts_as_the_standard_library_does(keys in proptest::collection::vec(0u8..6, 0..200)) {
            let items: Vec<(u8, usize)> = keys.iter().copied().zip(0..).collect();
            let mut ours = items.clone();
            sort_by(&mut ours, &|a, b| a.0.cmp(&b.0));
            let mut std_sorted = items.clone();
            std_sorted.sort_by_key(|a| a.0);
            prop_assert_eq!(&ours, &std_sorted);
            let mut ours = items.clone();
            sort_by_cached_key(&mut ours, |x| std::cmp::Reverse(x.0));
            let mut std_sorted = items;
            std_sorted.sort_by_cached_key(|x| std::cmp::Reverse(x.0));
            prop_assert_eq!(ours, std_sorted);
        }
    }

    #[test]
    fn moves_owned_elements() {
        let mut v: Vec<String> = ["pear", "fig", "apple", "fig"].map(String::from).to_vec();
        sort_by(&mut v, &|a, b| a.cmp(b));
        assert_eq!(v, ["apple", "fig", "fig", "pear"]);
        sort_by_cached_key(&mut v, String::len);
        assert_eq!(v, ["fig", "fig", "pear", "apple"]);
        let mut empty: Vec<String> = Vec::new();
        sort_by(&mut empty, &|a, b| a.cmp(b));
        assert!(empty.is_empty());
    }
}
