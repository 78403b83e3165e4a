//! Property tests: no input makes the parser panic, and printing any tree
//! gives text that parses back to the same tree.

mod common;

use grammar::*;
use proptest::prelude::*;

const CASES: u32 = 500;

/// Characters of the rule language, plus whitespace, newlines and a few
/// strangers.
const ALPHABET: &[char] = &[
    '0', '1', '2', '3', '5', '9', 'C', 'D', 'H', 'S', 'N', 'P', 'X', 'R', 'T', 'A', 'a', 'b', 'd',
    'p', 'q', ':', '_', '@', '#', '$', '.', ',', '!', '(', ')', '|', '&', '~', '*', '+', '?', '[',
    ']', '^', '<', '>', '-', '=', '`', ';', ' ', ' ', '\t', '\n', 'é', '\r',
];

fn all_entry_points(text: &str) {
    let db = parse_database(text);
    for e in &db.errors {
        let _ = e.render("fuzz", text);
        assert!(e.span.end as usize <= text.len());
    }
    for rule in &db.rules {
        common::check_spans(rule, text.len()).unwrap();
    }
    let _ = parse_rule(text);
    let _ = parse_goal(text);
    let _ = parse_spec(text);
    let _ = parse_expr(text);
}

fn valid_corpus() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/valid");
    let mut lines = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        let text = std::fs::read_to_string(&path).unwrap();
        let db = parse_database(&text);
        for rule in db.rules {
            lines.push(text[rule.span.range()].to_string());
        }
    }
    lines
}

/// Parses `text` as a rule; when it parses, its printing must parse to the
/// same tree and print identically.
fn check_roundtrip_if_valid(text: &str) {
    if let Ok(rule) = parse_rule(text) {
        let printed = print_rule(&rule);
        let again = parse_rule(&printed)
            .unwrap_or_else(|e| panic!("{text:?} printed as {printed:?}: {}", e.message()));
        assert_eq!(
            common::strip_spans(&again),
            common::strip_spans(&rule),
            "{text:?} printed as {printed:?}"
        );
        assert_eq!(print_rule(&again), printed);
    }
}

#[derive(Debug, Clone)]
enum Mutation {
    Insert(usize, char),
    Delete(usize),
    Replace(usize, char),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let ch = proptest::sample::select(ALPHABET);
    prop_oneof![
        (any::<usize>(), ch.clone()).prop_map(|(i, c)| Mutation::Insert(i, c)),
        any::<usize>().prop_map(Mutation::Delete),
        (any::<usize>(), ch).prop_map(|(i, c)| Mutation::Replace(i, c)),
    ]
}

fn mutate(text: &str, mutations: &[Mutation]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for m in mutations {
        let n = chars.len();
        match *m {
            Mutation::Insert(i, c) => chars.insert(i % (n + 1), c),
            Mutation::Delete(i) if n > 0 => {
                chars.remove(i % n);
            }
            Mutation::Replace(i, c) if n > 0 => chars[i % n] = c,
            _ => {}
        }
    }
    chars.into_iter().collect()
}

// ---------------------------------------------------------------------------
// Generators of canonical trees (the shapes the parser produces)
// ---------------------------------------------------------------------------

const NO_SPAN: Span = Span { start: 0, end: 0 };

fn sp<T>(node: T) -> Spanned<T> {
    Spanned::new(node, NO_SPAN)
}

fn word_char() -> impl Strategy<Value = char> {
    // No `T` or `A`, so no string starts with `START` by accident.
    proptest::sample::select(
        &[
            '1', '2', '7', '0', 'C', 'D', 'H', 'S', 'N', 'P', 'X', 'R', ':', '_',
        ][..],
    )
}

fn grab() -> impl Strategy<Value = char> {
    proptest::sample::select(&['a', 'b', 'c', 'd', 'z'][..])
}

fn expr() -> impl Strategy<Value = Expr> {
    let e = |kind| Expr {
        kind,
        span: NO_SPAN,
    };
    let leaf = prop_oneof![
        (0i32..1000).prop_map(ExprKind::Num),
        proptest::sample::select(&['C', 'D', 'H', 'S', 'N', 'P', 'X', 'R'][..])
            .prop_map(ExprKind::Char),
        grab().prop_map(ExprKind::Grab),
        (0u16..100).prop_map(|func| ExprKind::Call {
            func,
            func_span: NO_SPAN,
            args: Vec::new()
        }),
        Just(ExprKind::Field),
    ]
    .prop_map(e);
    leaf.prop_recursive(4, 24, 3, move |inner| {
        let ops = proptest::sample::select(
            &[
                BinOp::AndAnd,
                BinOp::OrOr,
                BinOp::And,
                BinOp::Or,
                BinOp::Ge,
                BinOp::Le,
                BinOp::Gt,
                BinOp::Lt,
                BinOp::Eq,
                BinOp::Ne,
                BinOp::Assign,
                BinOp::Add,
                BinOp::Sub,
                BinOp::Mul,
            ][..],
        );
        prop_oneof![
            inner.clone().prop_map(|x| ExprKind::Neg(Box::new(x))),
            inner.clone().prop_map(|x| ExprKind::Not(Box::new(x))),
            (ops, inner.clone(), inner.clone()).prop_map(|(op, l, r)| ExprKind::Binary {
                op,
                lhs: Box::new(l),
                rhs: Box::new(r)
            }),
            (inner.clone(), inner.clone(), inner.clone()).prop_map(|(v, l, h)| {
                ExprKind::Between {
                    value: Box::new(v),
                    low: Box::new(l),
                    high: Box::new(h),
                }
            }),
            (0u16..100, proptest::collection::vec(inner, 1..=3)).prop_map(|(func, args)| {
                ExprKind::Call {
                    func,
                    func_span: NO_SPAN,
                    args,
                }
            }),
        ]
        .prop_map(e)
    })
}

fn class() -> impl Strategy<Value = Class> {
    let op = prop_oneof![
        Just(ClassOp::Any),
        Just(ClassOp::None),
        Just(ClassOp::Below),
        Just(ClassOp::Above),
        (1u8..4).prop_map(ClassOp::Up),
        (1u8..4).prop_map(ClassOp::Down),
    ];
    let item = prop_oneof![
        word_char().prop_map(ClassItem::Char),
        (word_char(), word_char()).prop_map(|(a, b)| ClassItem::Range(a, b)),
        grab().prop_map(ClassItem::Grab),
    ]
    .prop_map(sp);
    (op, proptest::collection::vec(item, 1..4)).prop_map(|(op, items)| Class { op, items })
}

fn goto() -> impl Strategy<Value = Goto> {
    prop_oneof![
        (0u8..100, any::<bool>()).prop_map(|(offset, plus)| Goto::To { offset, plus }),
        Just(Goto::Start),
    ]
}

fn primary_kind(alt: BoxedStrategy<Alt>) -> impl Strategy<Value = PrimaryKind> {
    let leaf = prop_oneof![
        Just(PrimaryKind::Dot),
        expr().prop_map(PrimaryKind::Math),
        Just(PrimaryKind::AnyCall),
        proptest::collection::vec(word_char(), 2..6)
            .prop_map(|cs| PrimaryKind::Str(cs.into_iter().collect())),
        word_char().prop_map(PrimaryKind::Char),
        grab().prop_map(PrimaryKind::Push),
        grab().prop_map(PrimaryKind::Grab),
        class().prop_map(PrimaryKind::Class),
        alt.prop_map(|a| PrimaryKind::Group(Box::new(a))),
    ];
    let nots = prop_oneof![6 => Just(0usize), 2 => Just(1), 1 => Just(2)];
    (leaf, nots).prop_map(|(mut kind, nots)| {
        for _ in 0..nots {
            kind = PrimaryKind::Not(Box::new(Primary {
                kind,
                span: NO_SPAN,
            }));
        }
        kind
    })
}

fn ends_with_word(t: &Term) -> bool {
    fn word_end(p: &PrimaryKind) -> bool {
        match p {
            PrimaryKind::Str(_) | PrimaryKind::Char(_) => true,
            PrimaryKind::Not(inner) => word_end(&inner.kind),
            _ => false,
        }
    }
    t.repeat.is_none() && word_end(&t.primary.kind)
}

fn starts_with_word(t: &Term) -> bool {
    matches!(t.primary.kind, PrimaryKind::Str(_) | PrimaryKind::Char(_))
}

fn regexp(alt: BoxedStrategy<Alt>) -> impl Strategy<Value = Regexp> {
    let repeat = proptest::option::weighted(
        0.3,
        proptest::sample::select(&[Repeat::Star, Repeat::Plus, Repeat::Question][..]).prop_map(sp),
    );
    let term = (primary_kind(alt), repeat).prop_map(|(kind, repeat)| Term {
        primary: Primary {
            kind,
            span: NO_SPAN,
        },
        repeat,
        span: NO_SPAN,
    });
    (
        proptest::bool::weighted(0.15),
        proptest::collection::vec(term, 0..4),
        proptest::option::weighted(0.2, (0u8..=255).prop_map(sp)),
    )
        .prop_map(|(start, mut terms, end)| {
            // Two words side by side would print as one: separate them.
            for i in 1..terms.len() {
                if ends_with_word(&terms[i - 1]) && starts_with_word(&terms[i]) {
                    terms[i].primary.kind = PrimaryKind::Dot;
                }
            }
            let start = start || terms.is_empty();
            Regexp {
                start: start.then_some(NO_SPAN),
                terms,
                end,
                span: NO_SPAN,
            }
        })
}

fn alt() -> BoxedStrategy<Alt> {
    let single = |alt: BoxedStrategy<Alt>| {
        (
            proptest::option::weighted(0.2, goto().prop_map(sp)),
            regexp(alt),
        )
            .prop_map(|(goto, expr)| Alt::Single {
                goto,
                expr,
                span: NO_SPAN,
            })
    };
    // The leaves' groups hold a plain `.`.
    let no_group = Just(Alt::Single {
        goto: None,
        expr: Regexp {
            start: None,
            terms: vec![Term {
                primary: Primary {
                    kind: PrimaryKind::Dot,
                    span: NO_SPAN,
                },
                repeat: None,
                span: NO_SPAN,
            }],
            end: None,
            span: NO_SPAN,
        },
        span: NO_SPAN,
    })
    .boxed();
    let base = single(no_group).boxed();
    base.prop_recursive(3, 12, 2, move |inner| {
        let inner = inner.boxed();
        prop_oneof![
            single(inner.clone()),
            (
                inner.clone(),
                prop_oneof![
                    Just((AltOp::Or, false)),
                    Just((AltOp::Or, true)),
                    Just((AltOp::And, false)),
                    Just((AltOp::Then, true)),
                ],
                goto(),
                regexp(inner),
            )
                .prop_map(|(lhs, (op, with_goto), g, rhs)| Alt::Binary {
                    lhs: Box::new(lhs),
                    op,
                    goto: with_goto.then(|| sp(g)),
                    rhs,
                    span: NO_SPAN,
                }),
        ]
    })
    .boxed()
}

fn label() -> impl Strategy<Value = String> {
    (
        proptest::sample::select(&['N', '_', ':', 'X'][..]),
        proptest::collection::vec(word_char(), 0..3),
    )
        .prop_map(|(first, rest)| std::iter::once(first).chain(rest).collect())
}

fn goal() -> impl Strategy<Value = Goal> {
    (
        proptest::option::weighted(0.9, alt()),
        proptest::option::weighted(0.2, label().prop_map(sp)),
    )
        .prop_map(|(pattern, at)| {
            let pattern = if pattern.is_none() && at.is_none() {
                Some(Alt::Single {
                    goto: None,
                    expr: Regexp {
                        start: None,
                        terms: vec![Term {
                            primary: Primary {
                                kind: PrimaryKind::AnyCall,
                                span: NO_SPAN,
                            },
                            repeat: None,
                            span: NO_SPAN,
                        }],
                        end: None,
                        span: NO_SPAN,
                    },
                    span: NO_SPAN,
                })
            } else {
                pattern
            };
            Goal {
                pattern,
                at,
                span: NO_SPAN,
            }
        })
}

fn spec() -> impl Strategy<Value = Spec> {
    let value = prop_oneof![
        (0u32..100).prop_map(Value::Num),
        grab().prop_map(Value::Grab),
        (0u16..100).prop_map(Value::Func),
        expr().prop_map(Value::Math),
    ];
    let suit = prop_oneof![
        proptest::sample::select(&['C', 'D', 'H', 'S'][..]).prop_map(SuitRef::Suit),
        grab().prop_map(SuitRef::Grab),
    ];
    let field = proptest::sample::select(
        &[
            SpecField::Hcp,
            SpecField::Points,
            SpecField::Losers,
            SpecField::Controls,
            SpecField::Length,
            SpecField::Honors,
            SpecField::Stopper,
            SpecField::Quality,
        ][..],
    );
    let bound = proptest::sample::select(&[Bound::Min, Bound::Max][..]);
    let values = proptest::collection::vec((value, suit), 1..3);
    let item = (field, bound, values).prop_map(|(field, bound, values)| {
        let values: Vec<SpecValue> = if field.per_suit() {
            values
                .into_iter()
                .map(|(value, suit)| SpecValue {
                    value,
                    suit: Some(suit),
                    span: NO_SPAN,
                })
                .collect()
        } else {
            values
                .into_iter()
                .take(1)
                .map(|(value, _)| SpecValue {
                    value,
                    suit: None,
                    span: NO_SPAN,
                })
                .collect()
        };
        SpecItem {
            field,
            bound,
            values,
            span: NO_SPAN,
        }
    });
    (
        proptest::option::weighted(0.2, expr()),
        proptest::collection::vec(item, 0..4),
    )
        .prop_map(|(math, items)| Spec {
            math,
            items,
            span: NO_SPAN,
        })
}

fn rule() -> impl Strategy<Value = Rule> {
    (
        (any::<u8>(), any::<bool>()),
        proptest::option::of(
            proptest::sample::select(
                &[
                    Flag::Captain,
                    Flag::Relinquish,
                    Flag::NoThink,
                    Flag::Simulate,
                ][..],
            )
            .prop_map(sp),
        ),
        goal(),
        any::<u32>(),
        goal(),
        spec(),
        proptest::option::of(any::<u32>().prop_map(sp)),
        proptest::option::of(any::<u32>().prop_map(sp)),
    )
        .prop_map(
            |((level, default), flag, seq, prio, constraint, spec, explanation, id)| Rule {
                level: sp(level),
                default: default.then_some(NO_SPAN),
                flag,
                seq,
                priority: sp(prio),
                constraint,
                spec,
                explanation,
                id,
                span: NO_SPAN,
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: CASES, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let text = String::from_utf8_lossy(&bytes);
        all_entry_points(&text);
    }

    #[test]
    fn random_rule_text_never_panics(chars in proptest::collection::vec(proptest::sample::select(ALPHABET), 0..120)) {
        let text: String = chars.into_iter().collect();
        all_entry_points(&text);
        check_roundtrip_if_valid(&text);
        // With a valid header in front, more of it reaches the later fields.
        let text = format!("2dC {text}");
        all_entry_points(&text);
        check_roundtrip_if_valid(&text);
    }

    #[test]
    fn mutated_valid_rules_never_panic(
        index in any::<prop::sample::Index>(),
        mutations in proptest::collection::vec(mutation(), 1..4),
    ) {
        let corpus = valid_corpus();
        let text = mutate(&corpus[index.index(corpus.len())], &mutations);
        all_entry_points(&text);
        check_roundtrip_if_valid(&text);
    }

    #[test]
    fn printed_rules_parse_back(rule in rule()) {
        let printed = print_rule(&rule);
        let parsed = parse_rule(&printed)
            .map_err(|e| TestCaseError::fail(format!("{printed:?}: {}", e.message())))?;
        prop_assert_eq!(common::strip_spans(&parsed), common::strip_spans(&rule), "{}", printed);
        prop_assert_eq!(print_rule(&parsed), printed.clone());
        common::check_spans(&parsed, printed.len()).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn printed_exprs_parse_back(e in expr()) {
        let printed = print_expr(&e);
        let parsed = parse_expr(&printed)
            .map_err(|err| TestCaseError::fail(format!("{printed:?}: {}", err.message())))?;
        prop_assert_eq!(common::strip_spans(&parsed), common::strip_spans(&e), "{}", printed);
    }

    #[test]
    fn printed_specs_parse_back(s in spec()) {
        let printed = print_spec(&s);
        let parsed = parse_spec(&printed)
            .map_err(|err| TestCaseError::fail(format!("{printed:?}: {}", err.message())))?;
        prop_assert_eq!(common::strip_spans(&parsed), common::strip_spans(&s), "{}", printed);
    }
}
