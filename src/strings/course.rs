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
    ("{order}. {title}: {left}", "{order}. {title}: {left}"),
    ("course:", "khóa học:"),
    ("course complete:", "hoàn thành khóa học:"),
    (
        "{n} exercise to review: `bson-tutor progress --review` lists it",
        "{n} bài tập cần ôn lại: `bson-tutor progress --review` liệt kê chúng",
    ),
    (
        "{n} exercises to review: `bson-tutor progress --review` lists them",
        "{n} bài tập cần ôn lại: `bson-tutor progress --review` liệt kê chúng",
    ),
    (
        "nothing to review: no answer revealed, and no exercise solved after {n} or more wrong answers",
        "không có gì cần ôn lại: chưa xem đáp án nào, và không bài tập nào phải sai từ {n} lần trở lên mới giải được",
    ),
    ("{n} exercise to review:", "{n} bài tập cần ôn lại:"),
    ("{n} exercises to review:", "{n} bài tập cần ôn lại:"),
    (
        "solved after {n} wrong answers",
        "giải được sau {n} lần sai",
    ),
    (
        "fresh values: seeds {lo} to {hi}",
        "giá trị mới: seed {lo} đến {hi}",
    ),
    (
        "In the tutorial (`bson-tutor`), R shows them again one by one; a right answer there solves them.",
        "Trong phần học (`bson-tutor`), phím R cho làm lại từng bài; trả lời đúng ở đó là giải được bài.",
    ),
    (
        "List the exercises due for review instead: each one revealed, or solved only after two or more wrong answers (the tutorial's `R` shows them again, with fresh values where the lesson allows)",
        "Thay vào đó, liệt kê các bài tập cần ôn lại: những bài đã xem đáp án, hoặc phải sai từ hai lần trở lên mới giải được (phím `R` trong phần học cho làm lại, với giá trị mới nếu bài học cho phép)",
    ),
    ("its answer was revealed", "đã xem đáp án của bài này"),
    (
        "review {n} of {total}: {reason}",
        "ôn lại {n}/{total}: {reason}",
    ),
    ("; new values (seed {seed})", "; giá trị mới (seed {seed})"),
    ("review, seed {seed}", "ôn lại, seed {seed}"),
    ("review", "ôn lại"),
    (
        "solved in review; {n} left: {key_for} shows the next",
        "đã giải khi ôn lại; còn {n}: {key_for} sang bài tiếp",
    ),
    (
        "solved in review; nothing left to review",
        "đã giải khi ôn lại; không còn gì cần ôn",
    ),
    (
        "{order}. {title}: end of the lesson",
        "{order}. {title}: hết bài học",
    ),
    (
        "A revealed answer is not solved: {key_for} brings it back to solve.",
        "Bài đã xem đáp án chưa tính là giải được: {key_for} cho làm lại.",
    ),
    ("End of the lesson", "Hết bài học"),
    ("… and {n} more lessons", "… và {n} bài học nữa"),
    ("review ({n})", "ôn lại ({n})"),
    ("Course complete", "Hoàn thành khóa học"),
    ("End of the course", "Hết khóa học"),
    ("Review {n}/{total}", "Ôn lại {n}/{total}"),
    ("Review ({n})", "Ôn lại ({n})"),
    (
        "review the exercises revealed or missed",
        "ôn lại các bài đã xem đáp án hoặc làm sai",
    ),
    ("course", "khóa học"),
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
    ("{order}. {title}: {left}", "{order}. {title}：{left}"),
    ("course:", "课程："),
    ("course complete:", "课程完成："),
    (
        "{n} exercise to review: `bson-tutor progress --review` lists it",
        "有 {n} 道练习待复习：`bson-tutor progress --review` 会列出",
    ),
    (
        "{n} exercises to review: `bson-tutor progress --review` lists them",
        "有 {n} 道练习待复习：`bson-tutor progress --review` 会列出",
    ),
    (
        "nothing to review: no answer revealed, and no exercise solved after {n} or more wrong answers",
        "没有待复习的练习：没有查看过答案，也没有答错 {n} 次及以上才解出的练习",
    ),
    ("{n} exercise to review:", "待复习的练习 {n} 道："),
    ("{n} exercises to review:", "待复习的练习 {n} 道："),
    ("solved after {n} wrong answers", "答错 {n} 次后解出"),
    (
        "fresh values: seeds {lo} to {hi}",
        "换新数值：种子 {lo} 到 {hi}",
    ),
    (
        "In the tutorial (`bson-tutor`), R shows them again one by one; a right answer there solves them.",
        "在教程界面（`bson-tutor`）中按 R 逐一重做；在那里答对即算解出。",
    ),
    (
        "List the exercises due for review instead: each one revealed, or solved only after two or more wrong answers (the tutorial's `R` shows them again, with fresh values where the lesson allows)",
        "改为列出待复习的练习：查看过答案的，或答错两次及以上才解出的（教程中按 `R` 重做，课程允许时换用新数值）",
    ),
    ("its answer was revealed", "看过答案"),
    (
        "review {n} of {total}: {reason}",
        "复习 {n}/{total}：{reason}",
    ),
    ("; new values (seed {seed})", "；换新数值（种子 {seed}）"),
    ("review, seed {seed}", "复习，种子 {seed}"),
    ("review", "复习"),
    (
        "solved in review; {n} left: {key_for} shows the next",
        "复习中解出；还剩 {n} 道：按 {key_for} 看下一道",
    ),
    (
        "solved in review; nothing left to review",
        "复习中解出；没有待复习的练习了",
    ),
    (
        "{order}. {title}: end of the lesson",
        "{order}. {title}：本课结束",
    ),
    (
        "A revealed answer is not solved: {key_for} brings it back to solve.",
        "看过答案不算解出：按 {key_for} 重做。",
    ),
    ("End of the lesson", "本课结束"),
    ("… and {n} more lessons", "……还有 {n} 课"),
    ("review ({n})", "复习（{n}）"),
    ("Course complete", "课程完成"),
    ("End of the course", "课程结束"),
    ("Review {n}/{total}", "复习 {n}/{total}"),
    ("Review ({n})", "复习（{n}）"),
    (
        "review the exercises revealed or missed",
        "复习看过答案或答错过的练习",
    ),
    ("course", "课程"),
];
