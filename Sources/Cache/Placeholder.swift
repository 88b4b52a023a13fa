// Placeholder: the ResponseCache actor is being written now.
