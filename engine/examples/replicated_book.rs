//! Writes a large book made from the embedded rulebook (see
//! `engine::analysis::replicate`) to standard output, as an expanded
//! database for `--rules FILE`: `replicated_book 50000 > book50k.txt`.
use std::io::Write;

fn main() {
    let rules: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(50_000);
    let sources =
        engine::rulebook::sources(&engine::rulebook::RulebookSource::Embedded, &[]).unwrap();
    let expansion = sources
        .expand(&macro_expander::Limits::default())
        .expect("the embedded rulebook expands");
    let book = engine::analysis::replicate::replicated_book(&expansion.text, rules);
    std::io::stdout()
        .write_all(book.as_bytes())
        .expect("writes the book");
}
