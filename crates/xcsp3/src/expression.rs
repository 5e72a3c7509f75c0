//! Intension expressions: `ne(dist(q[0],q[1]),1)`, as a tree that can be
//! evaluated on any values of its variables.

use crate::XcspError;

/// An operator of XCSP3's functional notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `neg(x)`.
    Neg,
    /// `abs(x)`.
    Abs,
    /// `add(x, y, ...)`.
    Add,
    /// `sub(x, y)`.
    Sub,
    /// `mul(x, y, ...)`.
    Mul,
    /// `div(x, y)`: integer division, rounded towards zero.
    Div,
    /// `mod(x, y)`: the remainder of `div`.
    Mod,
    /// `sqr(x)`.
    Sqr,
    /// `pow(x, y)`.
    Pow,
    /// `min(x, y, ...)`.
    Min,
    /// `max(x, y, ...)`.
    Max,
    /// `dist(x, y)`: `|x - y|`.
    Dist,
    /// `lt(x, y)`.
    Lt,
    /// `le(x, y)`.
    Le,
    /// `ge(x, y)`.
    Ge,
    /// `gt(x, y)`.
    Gt,
    /// `ne(x, y)`.
    Ne,
    /// `eq(x, y, ...)`: all equal.
    Eq,
    /// `not(x)`.
    Not,
    /// `and(x, y, ...)`.
    And,
    /// `or(x, y, ...)`.
    Or,
    /// `xor(x, y, ...)`.
    Xor,
    /// `iff(x, y, ...)`.
    Iff,
    /// `imp(x, y)`.
    Imp,
    /// `if(c, x, y)`.
    If,
    /// `in(x, set(...))`.
    In,
    /// `notin(x, set(...))`.
    NotIn,
    /// `set(a, b, ...)`: only as the second argument of `in`/`notin`.
    Set,
}

impl Op {
    /// Every operator with its name, in the order the docs list them.
    pub const ALL: [(Op, &'static str); 28] = [
        (Op::Neg, "neg"),
        (Op::Abs, "abs"),
        (Op::Add, "add"),
        (Op::Sub, "sub"),
        (Op::Mul, "mul"),
        (Op::Div, "div"),
        (Op::Mod, "mod"),
        (Op::Sqr, "sqr"),
        (Op::Pow, "pow"),
        (Op::Min, "min"),
        (Op::Max, "max"),
        (Op::Dist, "dist"),
        (Op::Lt, "lt"),
        (Op::Le, "le"),
        (Op::Ge, "ge"),
        (Op::Gt, "gt"),
        (Op::Ne, "ne"),
        (Op::Eq, "eq"),
        (Op::Not, "not"),
        (Op::And, "and"),
        (Op::Or, "or"),
        (Op::Xor, "xor"),
        (Op::Iff, "iff"),
        (Op::Imp, "imp"),
        (Op::If, "if"),
        (Op::In, "in"),
        (Op::NotIn, "notin"),
        (Op::Set, "set"),
    ];

    fn named(name: &str) -> Option<Op> {
        Op::ALL.iter().find(|(_, n)| *n == name).map(|&(op, _)| op)
    }

    /// How many arguments it takes: exactly, or at least.
    fn arity(self) -> (usize, bool) {
        match self {
            Op::Neg | Op::Abs | Op::Sqr | Op::Not => (1, false),
            Op::Sub | Op::Div | Op::Mod | Op::Pow | Op::Dist | Op::Imp | Op::In | Op::NotIn => {
                (2, false)
            }
            Op::Lt | Op::Le | Op::Ge | Op::Gt | Op::Ne => (2, false),
            Op::If => (3, false),
            Op::Set => (0, true),
            _ => (2, true),
        }
    }
}

/// An expression over the instance's variables (by index).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// A variable.
    Var(usize),
    /// An integer.
    Const(i64),
    /// An operator applied to its arguments.
    Apply(Op, Vec<Expr>),
}

impl Expr {
    /// What it is at its top, for errors: its operator's name, `a
    /// variable` or `a constant`.
    pub fn head(&self) -> &'static str {
        match self {
            Expr::Var(_) => "a variable",
            Expr::Const(_) => "a constant",
            Expr::Apply(op, _) => Op::ALL
                .iter()
                .find(|(o, _)| o == op)
                .map_or("?", |&(_, n)| n),
        }
    }

    /// Parses `text`; `var` resolves a variable's name (`q[3]`) to its
    /// index. Errors name `line`.
    pub fn parse(
        text: &str,
        var: &dyn Fn(&str) -> Option<usize>,
        line: u32,
    ) -> Result<Expr, XcspError> {
        let mut parser = Parser {
            text: text.trim(),
            at: 0,
            var,
            line,
            depth: 0,
        };
        let expr = parser.expr()?;
        if parser.at != parser.text.len() {
            return Err(parser.error("text after the expression"));
        }
        Ok(expr)
    }

    /// The variables it reads, each once, in order of first appearance.
    pub fn vars(&self) -> Vec<usize> {
        let mut out = Vec::new();
        self.collect_vars(&mut out);
        out
    }

    fn collect_vars(&self, out: &mut Vec<usize>) {
        match self {
            Expr::Var(v) if !out.contains(v) => out.push(*v),
            Expr::Apply(_, args) => args.iter().for_each(|a| a.collect_vars(out)),
            _ => {}
        }
    }

    /// Its value with variable `v` worth `value(v)` (true is 1, false 0);
    /// `None` where it is undefined (a division by zero, an overflow).
    pub fn eval(&self, value: &dyn Fn(usize) -> i64) -> Option<i64> {
        let (op, args) = match self {
            Expr::Var(v) => return Some(value(*v)),
            Expr::Const(c) => return Some(*c),
            Expr::Apply(op, args) => (*op, args),
        };
        if matches!(op, Op::In | Op::NotIn) {
            let x = args[0].eval(value)?;
            let Expr::Apply(Op::Set, members) = &args[1] else {
                return None;
            };
            let mut found = false;
            for m in members {
                found |= m.eval(value)? == x;
            }
            return Some(i64::from(found == (op == Op::In)));
        }
        let mut v = Vec::with_capacity(args.len());
        for a in args {
            v.push(a.eval(value)?);
        }
        let b = |x: bool| Some(i64::from(x));
        match op {
            Op::Neg => v[0].checked_neg(),
            Op::Abs => v[0].checked_abs(),
            Op::Add => v.iter().try_fold(0i64, |s, &x| s.checked_add(x)),
            Op::Sub => v[0].checked_sub(v[1]),
            Op::Mul => v.iter().try_fold(1i64, |s, &x| s.checked_mul(x)),
            Op::Div => v[0].checked_div(v[1]),
            Op::Mod => v[0].checked_rem(v[1]),
            Op::Sqr => v[0].checked_mul(v[0]),
            Op::Pow => u32::try_from(v[1]).ok().and_then(|e| v[0].checked_pow(e)),
            Op::Min => v.iter().copied().min(),
            Op::Max => v.iter().copied().max(),
            Op::Dist => v[0].checked_sub(v[1]).and_then(i64::checked_abs),
            Op::Lt => b(v[0] < v[1]),
            Op::Le => b(v[0] <= v[1]),
            Op::Ge => b(v[0] >= v[1]),
            Op::Gt => b(v[0] > v[1]),
            Op::Ne => b(v[0] != v[1]),
            Op::Eq => b(v.windows(2).all(|w| w[0] == w[1])),
            Op::Not => b(v[0] == 0),
            Op::And => b(v.iter().all(|&x| x != 0)),
            Op::Or => b(v.iter().any(|&x| x != 0)),
            Op::Xor => b(v.iter().filter(|&&x| x != 0).count() % 2 == 1),
            Op::Iff => b(v.windows(2).all(|w| (w[0] != 0) == (w[1] != 0))),
            Op::Imp => b(v[0] == 0 || v[1] != 0),
            Op::If => Some(if v[0] != 0 { v[1] } else { v[2] }),
            Op::In | Op::NotIn | Op::Set => None,
        }
    }
}

/// The deepest an expression may nest (`add(add(...))`): instances nest a
/// handful of levels; past this, reading stops with an error before the
/// recursive walks over the expression could run out of stack.
pub const MAX_DEPTH: usize = 256;

struct Parser<'a> {
    text: &'a str,
    at: usize,
    var: &'a dyn Fn(&str) -> Option<usize>,
    line: u32,
    /// How deep the expression being read is.
    depth: usize,
}

impl Parser<'_> {
    fn error(&self, what: &str) -> XcspError {
        // A long expression is named by its start.
        const SHOWN: usize = 60;
        let text = match self.text.char_indices().nth(SHOWN) {
            Some((end, _)) => format!("{}...", &self.text[..end]),
            None => self.text.to_string(),
        };
        XcspError::invalid(
            self.line,
            format!("in the expression `{text}` at {}: {what}", self.at + 1),
        )
    }

    fn skip_space(&mut self) {
        while self.text[self.at..].starts_with(char::is_whitespace) {
            self.at += 1;
        }
    }

    fn expr(&mut self) -> Result<Expr, XcspError> {
        self.skip_space();
        let rest = &self.text[self.at..];
        // A name (an operator, a variable with its brackets) or a number.
        let len = rest
            .find(|c: char| matches!(c, '(' | ')' | ',') || c.is_whitespace())
            .unwrap_or(rest.len());
        if len == 0 {
            return Err(self.error("an argument is missing"));
        }
        let word = &rest[..len];
        self.at += len;
        if self.text[self.at..].starts_with('(') {
            let Some(op) = Op::named(word) else {
                return Err(XcspError::unsupported(
                    self.line,
                    format!("the operator `{word}`"),
                    "",
                ));
            };
            self.at += 1;
            self.depth += 1;
            if self.depth > MAX_DEPTH {
                return Err(self.error(&format!(
                    "nested more than {MAX_DEPTH} deep, this reader's limit"
                )));
            }
            let mut args = Vec::new();
            self.skip_space();
            if !self.text[self.at..].starts_with(')') {
                loop {
                    args.push(self.expr()?);
                    self.skip_space();
                    match self.text[self.at..].chars().next() {
                        Some(',') => self.at += 1,
                        Some(')') => break,
                        _ => return Err(self.error("expected `,` or `)`")),
                    }
                }
            }
            self.at += 1;
            self.depth -= 1;
            let (n, at_least) = op.arity();
            if args.len() < n || (!at_least && args.len() != n) {
                return Err(self.error(&format!("`{word}` takes {n} arguments")));
            }
            if matches!(op, Op::In | Op::NotIn) && !matches!(args[1], Expr::Apply(Op::Set, _)) {
                return Err(self.error(&format!("`{word}` wants a `set(...)`")));
            }
            return Ok(Expr::Apply(op, args));
        }
        if let Ok(c) = word.parse::<i64>() {
            return Ok(Expr::Const(c));
        }
        match word {
            "true" => Ok(Expr::Const(1)),
            "false" => Ok(Expr::Const(0)),
            _ => (self.var)(word)
                .map(Expr::Var)
                .ok_or_else(|| self.error(&format!("no variable `{word}`"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn var(name: &str) -> Option<usize> {
        ["x", "y[0]", "y[1]"].iter().position(|&n| n == name)
    }

    #[test]
    fn parses_and_evaluates() {
        let e = Expr::parse("ne(dist(x,y[1]), add(y[0],1))", &var, 3).unwrap();
        assert_eq!(e.vars(), [0, 2, 1]);
        let at = |values: [i64; 3]| e.eval(&|v| values[v]);
        assert_eq!(at([5, 2, 2]), Some(0));
        assert_eq!(at([5, 1, 2]), Some(1));
        let e = Expr::parse("in(x,set(1,3,5))", &var, 1).unwrap();
        assert_eq!(e.eval(&|_| 3), Some(1));
        assert_eq!(e.eval(&|_| 4), Some(0));
        let e = Expr::parse("eq(div(x,0),1)", &var, 1).unwrap();
        assert_eq!(e.eval(&|_| 3), None);
    }

    #[test]
    fn errors_name_the_line_and_what() {
        let err = |t: &str| Expr::parse(t, &var, 7).unwrap_err().to_string();
        assert!(
            err("ne(x,z)").contains("no variable `z`"),
            "{}",
            err("ne(x,z)")
        );
        assert!(err("frob(x,1)").contains("the operator `frob` is not supported"));
        assert!(err("ne(x)").contains("takes 2 arguments"));
        assert!(err("ne(x,1").starts_with("line 7:"));
    }

    #[test]
    fn nesting_stops_at_its_limit_with_the_expression_shortened() {
        let nested = |depth: usize| format!("{}x{}", "add(".repeat(depth), ",1)".repeat(depth));
        assert!(Expr::parse(&nested(MAX_DEPTH), &var, 1).is_ok());
        // 200,000 deep: an error, not a stack overflow, and a short one.
        let err = Expr::parse(&nested(200_000), &var, 4)
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("line 4: in the expression `add(add("),
            "{err}"
        );
        assert!(
            err.ends_with("nested more than 256 deep, this reader's limit"),
            "{err}"
        );
        assert!(err.len() < 200, "{err}");
    }
}
