//! bidbook in the browser: the engine and the embedded SAYC rulebook built
//! for `wasm32-unknown-unknown` and exposed to JavaScript through
//! `wasm-bindgen` ([`Bidbook`]).
//!
//! The answers are the command line's own: [`session::Session`] calls the
//! functions behind `bidbook bid --json`, `explain --json` and `auction
//! --json`, and hands their JSON to the page (`web/static/`), which draws
//! it. `web/build.sh` builds the module and the page into `web/dist/`.

pub mod session;

use session::Session;
use wasm_bindgen::prelude::*;

/// A loaded rulebook, as the page sees it. Every answer is a JSON string in
/// the command line's shape (see the README); a bad input is a thrown
/// `Error` whose message says what is wrong.
#[wasm_bindgen]
pub struct Bidbook {
    session: Session,
}

#[wasm_bindgen]
impl Bidbook {
    /// The embedded SAYC rulebook.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Result<Bidbook, JsError> {
        Ok(Bidbook {
            session: Session::embedded().map_err(|e| JsError::new(&e))?,
        })
    }

    /// A rulebook given as text: `names[i]` holds `texts[i]` (`main.txt2`,
    /// `macros.m4`, `explanations.txt`…, or one expanded database). The
    /// error lists every problem, `file:line:col` with the line and a caret.
    #[wasm_bindgen(js_name = fromTexts)]
    pub fn from_texts(
        label: &str,
        names: Vec<String>,
        texts: Vec<String>,
    ) -> Result<Bidbook, JsError> {
        let files: Vec<(&str, &str)> = names
            .iter()
            .map(String::as_str)
            .zip(texts.iter().map(String::as_str))
            .collect();
        Ok(Bidbook {
            session: Session::from_texts(label, &files).map_err(|e| JsError::new(&e))?,
        })
    }

    /// What the rulebook is: `{"name","rules","explanations","warnings"}`.
    pub fn summary(&self) -> String {
        self.session.summary()
    }

    /// `bidbook bid --json [--why]`: the call for `hand` at its turn after
    /// `auction`.
    pub fn bid(
        &mut self,
        hand: &str,
        auction: &str,
        dealer: &str,
        vul: &str,
        why: bool,
    ) -> Result<String, JsError> {
        self.session
            .bid(hand, auction, dealer, vul, why)
            .map_err(|e| JsError::new(&e))
    }

    /// `bidbook explain --json`: each call's meaning and what each player
    /// has shown.
    pub fn explain(&mut self, auction: &str, dealer: &str, vul: &str) -> Result<String, JsError> {
        self.session
            .explain(auction, dealer, vul)
            .map_err(|e| JsError::new(&e))
    }

    /// Whose turn it is and the legal calls: `{"turn","ended","legal":[…]}`.
    pub fn calls(&self, auction: &str, dealer: &str) -> Result<String, JsError> {
        self.session
            .calls(auction, dealer)
            .map_err(|e| JsError::new(&e))
    }

    /// Board `board` of `bidbook auction --random BOARD --seed SEED --json
    /// --explain`: a random deal bid by all four seats.
    pub fn deal(&mut self, seed: u32, board: u32) -> Result<String, JsError> {
        self.session.deal(seed, board).map_err(|e| JsError::new(&e))
    }
}
