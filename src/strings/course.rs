//! The course: honest progress, continuing, the end-of-course summary and review.

/// Vietnamese.
pub(super) const VI: &[(&str, &str)] = &[
    (
        "with seed {seed} of vary = [{lo}, {hi}] ({failing} of {count} seeds fail; `check --seed {seed}` shows it): ",
        "với seed {seed} trong vary = [{lo}, {hi}] ({failing}/{count} seed hỏng; `check --seed {seed}` cho thấy lỗi): ",
    ),
];

/// Chinese.
pub(super) const ZH: &[(&str, &str)] = &[
    (
        "with seed {seed} of vary = [{lo}, {hi}] ({failing} of {count} seeds fail; `check --seed {seed}` shows it): ",
        "在 vary = [{lo}, {hi}] 的种子 {seed} 下（{count} 个种子中 {failing} 个失败；`check --seed {seed}` 可复现）：",
    ),
];
