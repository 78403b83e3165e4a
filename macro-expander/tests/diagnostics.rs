//! The renderer as the grammar crate uses it: an error found at a byte span
//! of the expanded text, shown against the source line.

use macro_expander::{Severity, expand_str};

const MACROS: &str = "define(HCP, `@00P[$1-$2]')dnl\ndefine(OPEN, `HCP(15,17)]')dnl\n";

#[test]
fn span_in_macro_text_points_at_the_outermost_call() {
    let exp = expand_str("; rules\n2 1N 100 OPEN x\n", MACROS).expect("expands");
    assert_eq!(exp.text, "; rules\n2 1N 100 @00P[15-17]] x\n");
    let at = exp
        .text
        .find("]]")
        .map(|i| i + 1)
        .expect("the stray bracket");
    let rendered = exp
        .diagnostic(Severity::Error, "unexpected `]`", at..at + 1)
        .to_string();
    let want = "\
error: unexpected `]`
 --> source.txt2:2:10
  |
2 | 2 1N 100 OPEN x
  |          ^^^^
  = in expansion of OPEN (macros.m4:2)
  = note: expanded line 2, column 21: 2 1N 100 @00P[15-17]] x";
    assert_eq!(rendered, want);
    // The first `]` was made by HCP, inside OPEN.
    let chain: Vec<String> = exp
        .map
        .locate(at - 1)
        .chain
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(chain, ["OPEN (macros.m4:2)", "HCP (macros.m4:1)"]);
}

#[test]
fn span_in_verbatim_text_keeps_its_column() {
    let exp = expand_str("; rules\n2 1N 100 HCP(1,2) ]x\n", MACROS).expect("expands");
    let at = exp.text.rfind(']').expect("bracket");
    let rendered = exp
        .diagnostic(Severity::Warning, "stray `]x`", at..at + 2)
        .to_string();
    let want = "\
warning: stray `]x`
 --> source.txt2:2:19
  |
2 | 2 1N 100 HCP(1,2) ]x
  |                   ^^";
    assert_eq!(rendered, want);
    assert_eq!(exp.map.line_origin(1).line, 2);
    assert!(exp.map.is_verbatim(at));
}
