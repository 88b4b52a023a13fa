// Placeholder: this module is being written now; see docs/ARCHITECTURE.md.
