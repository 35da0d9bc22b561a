//! Bitboards: the games keep sets of cells as bits of an integer.

/// The indices of the set bits of `bits`, lowest first.
///
/// ```
/// assert_eq!(tablero_core::bit_indices(0b1010_0001).collect::<Vec<_>>(), vec![0, 5, 7]);
/// ```
pub fn bit_indices(mut bits: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        if bits == 0 {
            None
        } else {
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            Some(i)
        }
    })
}
