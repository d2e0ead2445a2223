//! Rule-file fixtures (`err_*.rules` must fail with snapshot-tested diagnostics).
