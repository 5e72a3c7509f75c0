//! What can go wrong reading or compiling an instance.

/// An instance that cannot be read, or not into a csp-core model. Every
/// error names the line of the XML element it comes from.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum XcspError {
    /// The text is not well-formed XML.
    #[error("not XML: {0}")]
    Xml(String),
    /// Something the format does not allow, or that makes no sense.
    #[error("line {line}: {what}")]
    Invalid {
        /// The line of the element.
        line: u32,
        /// What is wrong.
        what: String,
    },
    /// A construct of XCSP3 this reader does not take (yet): never read
    /// as something else.
    #[error("line {line}: {construct} is not supported{why}")]
    Unsupported {
        /// The line of the element.
        line: u32,
        /// The construct: `<count>`, `the objective <minimize>`...
        construct: String,
        /// Why, if there is more to say (starts with `: `).
        why: String,
    },
}

impl XcspError {
    /// The kind of error, to count errors by: `not XML`, `invalid` or
    /// `unsupported`.
    pub fn kind(&self) -> &'static str {
        match self {
            XcspError::Xml(_) => "not XML",
            XcspError::Invalid { .. } => "invalid",
            XcspError::Unsupported { .. } => "unsupported",
        }
    }

    /// An [`XcspError::Invalid`] at `line`.
    pub(crate) fn invalid(line: u32, what: impl Into<String>) -> XcspError {
        XcspError::Invalid {
            line,
            what: what.into(),
        }
    }

    /// An [`XcspError::Unsupported`] at `line`, with a reason.
    pub(crate) fn unsupported(line: u32, construct: impl Into<String>, why: &str) -> XcspError {
        XcspError::Unsupported {
            line,
            construct: construct.into(),
            why: if why.is_empty() {
                String::new()
            } else {
                format!(": {why}")
            },
        }
    }
}
