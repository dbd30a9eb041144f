//! The exercise panel: typing mode, scrolling, feedback and byte marks.

/// Vietnamese.
pub(super) const VI: &[(&str, &str)] = &[
    (
        "typing: {key_for} checks · {key_for2} stops",
        "đang nhập: {key_for} để kiểm tra · {key_for2} để dừng",
    ),
    ("{key_for}: try again", "{key_for}: thử lại"),
    ("{key_for}: a hint", "{key_for}: gợi ý"),
    ("{key_for}: reveal the answer", "{key_for}: xem đáp án"),
    (
        "edit and press {key_for} to check again · {key_for2} stops typing",
        "sửa rồi nhấn {key_for} để kiểm tra lại · {key_for2} để thôi nhập",
    ),
    (
        "press {typing_key} to type your answer, or the letter of an option",
        "nhấn {typing_key} để nhập câu trả lời, hoặc nhấn chữ cái của một phương án",
    ),
    ("not counted as an attempt", "không tính là một lần thử"),
    (
        "your bytes, the wrong ones highlighted: ",
        "các byte bạn nhập, byte sai được đánh dấu: ",
    ),
    ("(no answer: {error})", "(không có đáp án: {error})"),
    (
        "this exercise has no options: type the answer",
        "bài tập này không có phương án: hãy nhập câu trả lời",
    ),
    (
        "there is no option {letter}: the options are a to {last}",
        "không có phương án {letter}: các phương án là a đến {last}",
    ),
    ("choose that option", "chọn phương án đó"),
    ("choose", "chọn"),
    ("{key_for}: next exercise", "{key_for}: bài tập tiếp theo"),
];

/// Chinese.
pub(super) const ZH: &[(&str, &str)] = &[
    (
        "typing: {key_for} checks · {key_for2} stops",
        "输入中：{key_for} 检查 · {key_for2} 停止",
    ),
    ("{key_for}: try again", "{key_for}：再试"),
    ("{key_for}: a hint", "{key_for}：提示"),
    ("{key_for}: reveal the answer", "{key_for}：查看答案"),
    (
        "edit and press {key_for} to check again · {key_for2} stops typing",
        "修改后按 {key_for} 再次检查 · {key_for2} 停止输入",
    ),
    (
        "press {typing_key} to type your answer, or the letter of an option",
        "按 {typing_key} 输入答案，或按选项的字母",
    ),
    ("not counted as an attempt", "不计为一次尝试"),
    (
        "your bytes, the wrong ones highlighted: ",
        "你输入的字节，错误的已高亮：",
    ),
    ("(no answer: {error})", "（没有答案：{error}）"),
    (
        "this exercise has no options: type the answer",
        "本练习没有选项：请输入答案",
    ),
    (
        "there is no option {letter}: the options are a to {last}",
        "没有选项 {letter}：选项是 a 到 {last}",
    ),
    ("choose that option", "选择该选项"),
    ("choose", "选择"),
    ("{key_for}: next exercise", "{key_for}：下一个练习"),
];
