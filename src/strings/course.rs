//! The course: honest progress, continuing, the end-of-course summary and review.

/// Vietnamese.
pub(super) const VI: &[(&str, &str)] = &[
    (
        "with seed {seed} of vary = [{lo}, {hi}] ({failing} of {count} seeds fail; `check --seed {seed}` shows it): ",
        "với seed {seed} trong vary = [{lo}, {hi}] ({failing}/{count} seed hỏng; `check --seed {seed}` cho thấy lỗi): ",
    ),
    ("{solved} of {total} solved", "giải được {solved}/{total}"),
    ("{n} revealed", "{n} đã xem đáp án"),
    ("{n} not answered yet", "{n} chưa trả lời"),
    ("{n} answer", "{n} lần trả lời"),
    ("{n} answers", "{n} lần trả lời"),
    ("{time} on exercises", "{time} làm bài tập"),
    ("Nothing left to revisit.", "Không còn gì cần xem lại."),
    ("Lessons to revisit:", "Các bài nên xem lại:"),
    (
        "{n} solved after wrong answers",
        "{n} giải được sau nhiều lần sai",
    ),
    ("{s} s", "{s} giây"),
    ("{m} min", "{m} phút"),
    ("{h} h {m} min", "{h} giờ {m} phút"),
];

/// Chinese.
pub(super) const ZH: &[(&str, &str)] = &[
    (
        "with seed {seed} of vary = [{lo}, {hi}] ({failing} of {count} seeds fail; `check --seed {seed}` shows it): ",
        "在 vary = [{lo}, {hi}] 的种子 {seed} 下（{count} 个种子中 {failing} 个失败；`check --seed {seed}` 可复现）：",
    ),
    ("{solved} of {total} solved", "解出 {solved}/{total}"),
    ("{n} revealed", "查看答案 {n} 道"),
    ("{n} not answered yet", "尚未作答 {n} 道"),
    ("{n} answer", "作答 {n} 次"),
    ("{n} answers", "作答 {n} 次"),
    ("{time} on exercises", "练习用时 {time}"),
    ("Nothing left to revisit.", "没有需要回顾的内容。"),
    ("Lessons to revisit:", "需要回顾的课程："),
    ("{n} solved after wrong answers", "答错多次后解出 {n} 道"),
    ("{s} s", "{s} 秒"),
    ("{m} min", "{m} 分钟"),
    ("{h} h {m} min", "{h} 小时 {m} 分钟"),
];
