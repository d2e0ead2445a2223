//! Board-file fixtures (`err_*.yaml` must fail with snapshot-tested diagnostics).
