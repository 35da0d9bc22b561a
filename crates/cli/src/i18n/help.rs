//! clap's help and errors in the language in use: every command's and
//! argument's help from the catalogue (`X-about`, `X-opt-NAME`, ...) and, in
//! Spanish, clap's own words (headings, usage line, `[default: ...]`, error
//! sentences). See docs/i18n.md, "The command line".

use super::{format_in, lang, t, text, Lang};

/// Message `id` in the language in use (or in English), `None` when the
/// catalogue has no such message.
fn maybe(id: &str) -> Option<String> {
    format_in(lang(), id, None).or_else(|| format_in(Lang::En, id, None))
}

/// Every command's help from the catalogue: for the top command `tablero`
/// and each subcommand `X`, the about text `X-about` (and `X-long-about`,
/// `X-after-help` where the catalogue has them) and each argument's help
/// `X-opt-NAME`, else the shared `opt-NAME` (NAME: the long option's name,
/// or a positional argument's id). In Spanish clap's own words are
/// replaced too: the headings and the usage line (a help template), the
/// help and version flags, `[default: ...]`, `[possible values: ...]` and
/// `[aliases: ...]`, and the value names (`value-NAME`).
pub fn localize_help(mut command: clap::Command) -> clap::Command {
    command.build();
    let spanish = lang() != Lang::En;
    let names: Vec<String> = command
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    for name in names {
        command = command.mut_subcommand(&name, |c| localize_command(c, &name, spanish));
    }
    localize_command(command, "tablero", spanish)
}

/// The help of one command (`name`: its name, `tablero` for the top one).
fn localize_command(mut c: clap::Command, name: &str, spanish: bool) -> clap::Command {
    if name == "help" {
        // clap's own `help` subcommand.
        if spanish {
            c = c.about(text("clap-help-command", None));
        }
        return c;
    }
    if let Some(t) = maybe(&format!("{name}-about")) {
        c = c.about(clip(t));
    }
    if let Some(t) = maybe(&format!("{name}-long-about")) {
        c = c.long_about(t);
    }
    if let Some(t) = maybe(&format!("{name}-after-help")) {
        c = c.after_help(t);
    }
    let ids: Vec<String> = c
        .get_arguments()
        .map(|a| a.get_id().as_str().to_string())
        .collect();
    for id in ids {
        c = c.mut_arg(&id, |a| localize_arg(a, name, spanish));
    }
    // Nested commands (`puzzles generate`): `puzzles-generate-about`, ...
    let subs: Vec<String> = c
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for sub in subs {
        // clap's own `help` is `help` at every level.
        let key = if sub == "help" {
            sub.clone()
        } else {
            format!("{name}-{sub}")
        };
        c = c.mut_subcommand(&sub, |s| localize_command(s, &key, spanish));
    }
    if spanish {
        c = spanish_frame(c);
    }
    c
}

/// The catalogue's key for a value name: `value-` and the name in small
/// letters, signs as `-` (`GAME|worker`: `value-game-worker`).
fn value_key(name: &str) -> String {
    let word: String = name
        .to_lowercase()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    format!("value-{word}")
}

/// A one-line help without its final full stop, as clap writes them
/// (`Print help`); longer texts keep theirs.
fn clip(text: String) -> String {
    match text.strip_suffix('.') {
        Some(t) if !t.ends_with('.') && !text.contains('\n') => t.to_string(),
        _ => text,
    }
}

/// The catalogue's key word for an argument: its long name, or its id.
fn arg_word(a: &clap::Arg) -> String {
    a.get_long()
        .map_or_else(|| a.get_id().as_str().to_string(), str::to_string)
}

/// The catalogue's help of argument `a` of command `cmd`, if any.
pub fn arg_help(cmd: &str, a: &clap::Arg) -> Option<String> {
    let word = arg_word(a);
    maybe(&format!("{cmd}-opt-{word}")).or_else(|| maybe(&format!("opt-{word}")))
}

fn localize_arg(mut a: clap::Arg, cmd: &str, spanish: bool) -> clap::Arg {
    let id = a.get_id().as_str().to_string();
    if id == "help" || id == "version" {
        if !spanish {
            return a;
        }
        let long = a.get_long_help().is_some();
        return match (id.as_str(), long) {
            ("help", true) => a
                .help(text("clap-help-more", None))
                .long_help(text("clap-help-summary", None)),
            ("help", false) => a.help(text("clap-help", None)),
            _ => a.help(text("clap-version", None)),
        };
    }
    let mut help = match arg_help(cmd, &a) {
        Some(t) => clip(t),
        None => a.get_help().map(ToString::to_string).unwrap_or_default(),
    };
    let mut long_help = None;
    if spanish && a.get_action().takes_values() {
        let aliases: Vec<String> = a
            .get_visible_aliases()
            .unwrap_or_default()
            .into_iter()
            .map(str::to_string)
            .collect();
        if !aliases.is_empty() {
            let list: Vec<String> = aliases.iter().map(|x| format!("--{x}")).collect();
            help.push_str(&format!(
                " [{}]",
                t!("clap-aliases", list = list.join(", "))
            ));
            // Owned names: clap's `string` feature.
            a = a.alias(None).aliases(aliases);
        }
        let defaults: Vec<String> = a
            .get_default_values()
            .iter()
            .map(|v| v.to_string_lossy().into_owned())
            .collect();
        if !defaults.is_empty() && !a.is_hide_default_value_set() {
            help.push_str(&format!(
                " [{}]",
                t!("clap-default", value = defaults.join(", "))
            ));
            a = a.hide_default_value(true);
        }
        let values = a.get_possible_values();
        if !values.is_empty() && !a.is_hide_possible_values_set() {
            let names: Vec<&str> = values.iter().map(|v| v.get_name()).collect();
            let short = format!(" [{}]", t!("clap-possible", list = names.join(", ")));
            if values.iter().any(|v| v.get_help().is_some()) {
                // `-h` lists the names, `--help` each with its help.
                let mut long = format!("{help}\n\n{}", t!("clap-possible-heading"));
                for v in &values {
                    long.push_str(&format!("\n- {}", v.get_name()));
                    if let Some(h) = v.get_help() {
                        long.push_str(&format!(": {h}"));
                    }
                }
                help.push_str(&short);
                long_help = Some(long);
            } else {
                help.push_str(&short);
            }
            a = a.hide_possible_values(true);
        }
        let names: Vec<String> = match a.get_value_names() {
            Some(names) => names.iter().map(ToString::to_string).collect(),
            None if a.is_positional() => vec![id.to_uppercase()],
            None => vec![id.to_uppercase()],
        };
        let local: Vec<String> = names
            .iter()
            .map(|n| maybe(&value_key(n)).unwrap_or_else(|| n.clone()))
            .collect();
        if local != names {
            a = a.value_names(local);
        }
    }
    let a = a.help(help);
    match long_help {
        Some(long) => a.long_help(long),
        None => a.long_help(clap::builder::Resettable::<clap::builder::StyledStr>::Reset),
    }
}

/// The headings and the usage line of a command's help in the language in
/// use (clap writes them in English).
fn spanish_frame(mut c: clap::Command) -> clap::Command {
    let usage = c.render_usage().to_string();
    let usage = usage
        .trim_start()
        .strip_prefix("Usage:")
        .unwrap_or(&usage)
        .trim()
        .to_string();
    c = c.override_usage(clap_placeholders(&usage));
    let mut template = format!(
        "{{before-help}}{{about-with-newline}}\n{} {{usage}}",
        text("clap-usage", None)
    );
    if c.get_positionals().any(|a| !a.is_hide_set()) {
        template.push_str(&format!(
            "\n\n{}\n{{positionals}}",
            text("clap-arguments", None)
        ));
    }
    template.push_str(&format!("\n\n{}\n{{options}}", text("clap-options", None)));
    if c.has_subcommands() {
        template.push_str(&format!(
            "\n\n{}\n{{subcommands}}",
            text("clap-commands", None)
        ));
    }
    template.push_str("{after-help}");
    c.help_template(template)
}

/// clap's placeholders in a usage line (`[OPTIONS]`, `<COMMAND>`) in the
/// language in use.
fn clap_placeholders(usage: &str) -> String {
    usage
        .replace("[OPTIONS]", &text("clap-options-placeholder", None))
        .replace("<COMMAND>", &text("clap-command-placeholder", None))
        .replace("[COMMAND]", &text("clap-command-placeholder", None))
}

/// A command-line error from clap in the language in use: in English
/// clap's own message, in Spanish the catalogue's sentence for its kind
/// (the argument and value named), clap's suggestion, the usage line and
/// where to find more. Ends the program (exit code 2; 0 for `--help` and
/// `--version`).
pub fn exit_on_clap_error(e: &clap::Error) -> ! {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let quiet = matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    );
    if lang() == Lang::En || quiet {
        e.exit()
    }
    let get = |k: ContextKind| -> String {
        match e.get(k) {
            Some(ContextValue::String(s)) => s.clone(),
            Some(ContextValue::Strings(v)) => v.join(", "),
            Some(ContextValue::StyledStr(s)) => s.to_string(),
            Some(ContextValue::StyledStrs(v)) => v
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", "),
            Some(ContextValue::Number(n)) => n.to_string(),
            _ => String::new(),
        }
    };
    let message = match e.kind() {
        ErrorKind::UnknownArgument => t!("clap-error-unknown", arg = get(ContextKind::InvalidArg)),
        ErrorKind::InvalidSubcommand => t!(
            "clap-error-subcommand",
            name = get(ContextKind::InvalidSubcommand)
        ),
        ErrorKind::InvalidValue | ErrorKind::ValueValidation => t!(
            "clap-error-value",
            value = get(ContextKind::InvalidValue),
            arg = get(ContextKind::InvalidArg)
        ),
        ErrorKind::MissingRequiredArgument => {
            t!("clap-error-missing", args = get(ContextKind::InvalidArg))
        }
        ErrorKind::ArgumentConflict => t!(
            "clap-error-conflict",
            arg = get(ContextKind::InvalidArg),
            other = get(ContextKind::PriorArg)
        ),
        ErrorKind::MissingSubcommand => t!("clap-error-no-subcommand"),
        ErrorKind::NoEquals
        | ErrorKind::TooManyValues
        | ErrorKind::TooFewValues
        | ErrorKind::WrongNumberOfValues => {
            t!("clap-error-count", arg = get(ContextKind::InvalidArg))
        }
        _ => t!("clap-error-other"),
    };
    eprintln!("{}", t!("error-prefix", error = message));
    let valid = get(ContextKind::ValidValue);
    if !valid.is_empty() {
        eprintln!("  {}", t!("clap-possible", list = valid));
    }
    let suggested = get(ContextKind::SuggestedArg);
    if !suggested.is_empty() {
        eprintln!("  {}", t!("clap-error-tip", arg = suggested));
    }
    let suggested = get(ContextKind::SuggestedSubcommand);
    if !suggested.is_empty() {
        eprintln!("  {}", t!("clap-error-tip", arg = suggested));
    }
    let rendered = e.render().to_string();
    if let Some(usage) = rendered
        .lines()
        .find_map(|l| l.trim_start().strip_prefix("Usage:"))
    {
        eprintln!();
        eprintln!(
            "{} {}",
            text("clap-usage", None),
            clap_placeholders(usage.trim())
        );
    }
    eprintln!();
    eprintln!("{}", t!("clap-error-more"));
    std::process::exit(2)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every command and every argument of `tablero` has its help in both
    /// catalogues (so no help text is left in English in Spanish).
    #[test]
    fn every_command_and_argument_has_its_help_in_both_languages() {
        use clap::CommandFactory;
        let mut missing = Vec::new();
        let mut cli = crate::Cli::command();
        cli.build();
        let mut check = |name: &str, c: &clap::Command| {
            if name == "help" {
                return;
            }
            for lang in [Lang::En, Lang::Es] {
                if format_in(lang, &format!("{name}-about"), None).is_none() {
                    missing.push(format!("{lang:?} {name}-about"));
                }
                for a in c.get_arguments() {
                    let id = a.get_id().as_str();
                    if id == "help" || id == "version" || a.is_hide_set() {
                        continue;
                    }
                    let word = arg_word(a);
                    let found = [format!("{name}-opt-{word}"), format!("opt-{word}")]
                        .iter()
                        .any(|k| format_in(lang, k, None).is_some());
                    if !found {
                        missing.push(format!("{lang:?} {name}-opt-{word}"));
                    }
                }
            }
        };
        check("tablero", &cli);
        for sub in cli.get_subcommands() {
            check(sub.get_name(), sub);
        }
        assert!(
            missing.is_empty(),
            "help missing from the catalogue: {missing:?}"
        );
    }
}
