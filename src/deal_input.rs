//! Where the deals of `bidbook auction` and `bidbook regress` come from:
//! deal files (PBN, RBN, LIN; the format from the file name or its first
//! line), standard input, or reproducible random deals.
//!
//! Every source is a stream of [`InputGame`]s: games are read one at a time,
//! so a million-deal file never sits in memory.

use bridge::deal::Deal;
use bridge::random::DealGenerator;
use deal_formats::lin::{LinGame, LinReader};
use deal_formats::pbn::{PbnGame, PbnReader};
use deal_formats::rbn::{RbnGame, RbnReader};
use deal_formats::{Board, ReadError};
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

/// A deal file format bidbook reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum InputFormat {
    /// Portable Bridge Notation.
    Pbn,
    /// Richard's Bridge Notation.
    Rbn,
    /// BBO hand records.
    Lin,
}

impl InputFormat {
    /// The format's name: `PBN`, `RBN`, `LIN`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Pbn => "PBN",
            Self::Rbn => "RBN",
            Self::Lin => "LIN",
        }
    }

    /// The format a file name says (`.pbn`, `.rbn`, `.lin`, any case).
    pub fn from_extension(path: &Path) -> Option<Self> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "pbn" => Some(Self::Pbn),
            "rbn" => Some(Self::Rbn),
            "lin" => Some(Self::Lin),
            _ => None,
        }
    }

    /// The format the start of a file looks like: a PBN tag or `%` line, an
    /// RBN label line (`X text`), or LIN `key|value|` pairs. PBN when unsure.
    pub fn sniff(start: &[u8]) -> Self {
        let text = String::from_utf8_lossy(start);
        let first = text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty())
            .unwrap_or("");
        let bytes = first.as_bytes();
        if first.starts_with('[') || first.starts_with('%') || first.starts_with('{') {
            Self::Pbn
        } else if bytes.len() >= 3 && bytes[2] == b'|' || first.contains("|md|") {
            Self::Lin
        } else if bytes.first().is_some_and(u8::is_ascii_uppercase)
            && (bytes.len() == 1 || bytes[1] == b' ')
        {
            Self::Rbn
        } else {
            Self::Pbn
        }
    }
}

/// One game read from a source, in its own format (so that it can be
/// written back losing nothing), or a random deal.
///
/// An RBN game is boxed: it is more than twice the size of the others, and
/// every game of a chunk is moved at least twice between reading and
/// writing.
#[derive(Debug, Clone)]
pub enum InputGame {
    /// A PBN game.
    Pbn(PbnGame),
    /// An RBN game.
    Rbn(Box<RbnGame>),
    /// A LIN board.
    Lin(LinGame),
    /// A deal bidbook dealt.
    Random(Board),
}

impl InputGame {
    /// The format-neutral view.
    pub fn board(&self) -> &Board {
        match self {
            Self::Pbn(g) => g.board(),
            Self::Rbn(g) => g.board(),
            Self::Lin(g) => g.board(),
            Self::Random(b) => b,
        }
    }
}

/// A stream of games from one source, tagged with the source's name for
/// messages (`FILE:LINE: skipped: why`).
pub struct GameSource {
    /// The name used in messages: the path, `<stdin>` or `<random>`.
    pub name: String,
    /// The format of the file (`None` for random deals).
    pub format: Option<InputFormat>,
    /// The games.
    pub games: Box<dyn Iterator<Item = Result<InputGame, ReadError>> + Send>,
    /// For a file whose format was named (`--from`): the format its start
    /// looks like, and whether it holds anything but white space — so that
    /// a file read as the wrong format, yielding no game, can be reported.
    pub named_format: Option<(InputFormat, bool)>,
}

impl GameSource {
    /// Opens a deal file (`-` reads standard input). The format is `format`
    /// when given, else the file name's extension, else sniffed from the
    /// first line.
    ///
    /// # Errors
    ///
    /// The file cannot be opened or read.
    pub fn open(path: &Path, format: Option<InputFormat>) -> io::Result<Self> {
        let (name, reader): (String, Box<dyn Read + Send>) = if path == Path::new("-") {
            ("<stdin>".to_owned(), Box::new(io::stdin()))
        } else {
            let cannot = |e: &dyn std::fmt::Display| format!("cannot read {}: {e}", path.display());
            if path.is_dir() {
                return Err(io::Error::new(
                    io::ErrorKind::IsADirectory,
                    cannot(&"it is a directory; name the deal files in it"),
                ));
            }
            let file = File::open(path).map_err(|e| io::Error::new(e.kind(), cannot(&e)))?;
            (path.display().to_string(), Box::new(file))
        };
        let mut reader = BufReader::with_capacity(1 << 16, reader);
        let unreadable =
            |e: io::Error| io::Error::new(e.kind(), format!("cannot read {name}: {e}"));
        let named = match format {
            Some(f) => {
                let start = reader.fill_buf().map_err(unreadable)?;
                let content = start.iter().any(|b| !b.is_ascii_whitespace());
                Some((f, InputFormat::sniff(start), content))
            }
            None => None,
        };
        let format = match format.or_else(|| InputFormat::from_extension(path)) {
            Some(f) => f,
            None => InputFormat::sniff(reader.fill_buf().map_err(unreadable)?),
        };
        let mut source = Self::from_reader(name, format, reader);
        source.named_format = named.map(|(_, looks, content)| (looks, content));
        Ok(source)
    }

    /// What to say about a file read as its named format that gave no game
    /// at all: `None` when that is no surprise (nothing in it).
    pub fn no_games_message(&self) -> Option<String> {
        let (looks, content) = self.named_format?;
        let format = self.format?;
        if !content {
            return None;
        }
        let hint = if looks == format {
            String::new()
        } else {
            format!(
                " (it looks like {}: leave --from out, or use --from {})",
                looks.name(),
                looks.name().to_ascii_lowercase()
            )
        };
        Some(format!(
            "{}: error: no {} deals found, as --from says it is{hint}",
            self.name,
            format.name()
        ))
    }

    /// Games read from any buffered reader in `format`.
    pub fn from_reader(
        name: String,
        format: InputFormat,
        reader: impl BufRead + Send + 'static,
    ) -> Self {
        let games: Box<dyn Iterator<Item = _> + Send> = match format {
            InputFormat::Pbn => Box::new(PbnReader::new(reader).map(|g| g.map(InputGame::Pbn))),
            InputFormat::Rbn => {
                Box::new(RbnReader::new(reader).map(|g| g.map(|g| InputGame::Rbn(Box::new(g)))))
            }
            InputFormat::Lin => Box::new(LinReader::new(reader).map(|g| g.map(InputGame::Lin))),
        };
        Self {
            name,
            format: Some(format),
            games,
            named_format: None,
        }
    }

    /// `count` random deals from `seed`, boards 1, 2, 3, …: dealer and
    /// vulnerability follow the board number. The same seed gives the same
    /// deals on every machine.
    pub fn random(count: usize, seed: u64) -> Self {
        let games = DealGenerator::new(seed)
            .take(count)
            .enumerate()
            .map(|(i, deal)| Ok(InputGame::Random(random_board(i as u32 + 1, deal.into()))));
        Self {
            name: "<random>".to_owned(),
            format: None,
            games: Box::new(games),
            named_format: None,
        }
    }
}

/// The board numbered `number` holding `deal`, with the dealer and
/// vulnerability of that board number.
pub fn random_board(number: u32, deal: Deal) -> Board {
    Board::numbered(number, deal)
}

/// Where `auction` and `regress` take their deals from on the command line:
/// deal files, random deals, or both.
#[derive(Debug, Clone, clap::Args)]
pub struct DealArgs {
    /// Deal files: PBN, RBN or LIN (`-` reads standard input).
    #[arg(value_name = "DEALS")]
    pub deals: Vec<PathBuf>,
    /// Read the deal files as this format instead of guessing.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub from: Option<InputFormat>,
    /// Also deal N random deals, before the files (boards 1..N: dealer and
    /// vulnerability rotate with the board number).
    #[arg(long, value_name = "N")]
    pub random: Option<usize>,
    /// The seed of --random: the same seed gives the same deals everywhere.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
}

impl DealArgs {
    /// The sources these arguments name (see [`sources`]).
    ///
    /// # Errors
    ///
    /// A file that cannot be opened; no deals at all.
    pub fn sources(&self) -> anyhow::Result<Vec<GameSource>> {
        sources(&self.deals, self.from, self.random, self.seed)
    }
}

/// The sources named on the command line, or random deals.
///
/// # Errors
///
/// A file that cannot be opened; no deals at all.
pub fn sources(
    paths: &[PathBuf],
    format: Option<InputFormat>,
    random: Option<usize>,
    seed: u64,
) -> anyhow::Result<Vec<GameSource>> {
    let mut out = Vec::new();
    if let Some(count) = random {
        out.push(GameSource::random(count, seed));
    }
    for path in paths {
        out.push(GameSource::open(path, format)?);
    }
    if out.is_empty() {
        anyhow::bail!(
            "no deals: name a deal file (PBN, RBN or LIN; `-` for standard input) or use --random N"
        );
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use bridge::vulnerability::Vulnerability;
    use contract_bridge::Seat;

    #[test]
    fn formats_are_known_by_extension_then_by_their_first_line() {
        assert_eq!(
            InputFormat::from_extension(Path::new("a/b.PBN")),
            Some(InputFormat::Pbn)
        );
        assert_eq!(
            InputFormat::from_extension(Path::new("x.rbn")),
            Some(InputFormat::Rbn)
        );
        assert_eq!(
            InputFormat::from_extension(Path::new("x.lin")),
            Some(InputFormat::Lin)
        );
        assert_eq!(InputFormat::from_extension(Path::new("x.txt")), None);
        assert_eq!(
            InputFormat::sniff(b"% PBN 2.1\n[Event \"\"]"),
            InputFormat::Pbn
        );
        assert_eq!(InputFormat::sniff(b"\n[Board \"1\"]"), InputFormat::Pbn);
        assert_eq!(InputFormat::sniff(b"E Club\nH W:AK.."), InputFormat::Rbn);
        assert_eq!(
            InputFormat::sniff(b"pn|a,b,c,d|st||md|3SAK|"),
            InputFormat::Lin
        );
        assert_eq!(InputFormat::sniff(b"qx|o1|md|3SAK|"), InputFormat::Lin);
    }

    #[test]
    fn random_boards_rotate_dealer_and_vulnerability() {
        let boards: Vec<Board> = GameSource::random(5, 1)
            .games
            .map(|g| g.unwrap().board().clone())
            .collect();
        assert_eq!(boards.len(), 5);
        assert_eq!(boards[0].dealer, Some(Seat::North));
        assert_eq!(boards[1].dealer, Some(Seat::East));
        assert_eq!(boards[4].dealer, Some(Seat::North));
        assert_eq!(boards[3].vulnerability, Some(Vulnerability::Both));
        assert!(boards.iter().all(|b| b.deal.is_full()));
    }
}
