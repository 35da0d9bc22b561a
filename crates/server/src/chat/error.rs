//! Why the chat refused a request, or failed.

crate::refusal::concern_error! {
    /// Why the chat refused a request, or failed.
    pub enum ChatError {
        /// A line that cannot be said: empty, too long, with control
        /// characters; a report without a reason from the list.
        BadLine => Invalid,
        /// Not logged in: the spectators' room, mutes and reports need an
        /// account.
        NotLoggedIn => Unknown,
        /// Not the asker's room, or not a moderator's asker; a block
        /// between the two players.
        NotYours => NotYours,
        /// No such game, line or player.
        Missing => Missing,
        /// Over the rate: the message's `seconds` says how long to wait.
        TooFast => TooMany,
    }
}
