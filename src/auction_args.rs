//! The options that describe an auction (`--auction`, `--dealer`, `--vul`)
//! shared by `bid` and `explain`, and replaying it on a table.

use bridge::auction::{Bidding, Vulnerability};
use contract_bridge::Seat;
use engine::resolve::book::Scratch;
use engine::resolve::resolver::Table;
use engine::rulebook::Rulebook;

/// The table around an auction: who dealt and who is vulnerable.
#[derive(Debug, Clone, clap::Args)]
pub struct TableArgs {
    /// The dealer: N, E, S or W.
    #[arg(long, default_value = "N", value_parser = parse_seat)]
    pub dealer: Seat,
    /// Vulnerability: None, NS, EW or Both (also All, b).
    #[arg(long, default_value = "None", value_parser = parse_vul)]
    pub vul: Vulnerability,
}

/// Parses a seat: `N`, `E`, `S`, `W` or the full name, any case.
pub fn parse_seat(s: &str) -> Result<Seat, String> {
    s.trim()
        .parse()
        .map_err(|_| format!("unknown seat `{s}`: expected N, E, S or W"))
}

/// Parses a vulnerability: `None`, `NS`, `EW`, `Both` (or `Love`, `All`, `-`).
pub fn parse_vul(s: &str) -> Result<Vulnerability, String> {
    s.parse::<Vulnerability>().map_err(|e| e.to_string())
}

/// Reads `auction` (calls separated by spaces or colons) and replays it on a
/// new table, recording what every call shows.
pub fn replay<'b>(
    rulebook: &'b Rulebook,
    auction: &str,
    table: &TableArgs,
    scratch: &mut Scratch,
) -> anyhow::Result<Table<'b>> {
    let bidding = Bidding::parse(auction, table.dealer)?;
    Ok(Table::with_calls(
        &rulebook.book,
        table.dealer,
        table.vul,
        bidding.calls(),
        scratch,
    )?)
}
