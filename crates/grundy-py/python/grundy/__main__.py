"""``python -m grundy``: the catalogue from a shell, for a Python install without the Rust binary.

``python -m grundy --version`` prints the version; ``python -m grundy FAMILY VALUE... --OPTION
VALUE`` runs a family of the catalogue as ``grundy FAMILY`` does (``--json`` for its JSON);
no arguments list the families. Errors are one line on stderr with exit code 2, as the command
line's are.
"""

import sys

import grundy

USAGE = "usage: python -m grundy [--version] [FAMILY [VALUE ...] [--OPTION VALUE ...] [--json]]"


def arguments(family, words):
    """The positional values and keyword options of ``words`` for ``family``: ``--name value``
    or ``--name=value`` (given twice, a list), ``--flag`` alone, ``--json`` for the output."""
    params = {p["name"]: p for p in family["params"]}
    positional, options, as_json = [], {}, False
    words = iter(words)
    for word in words:
        if not word.startswith("--") or word == "--":
            positional.append(word)
            continue
        name, _, value = word[2:].partition("=")
        name = name.replace("-", "_")
        if name == "json" and not value:
            as_json = True
            continue
        param = params.get(name)
        if param is None:
            raise grundy.InputError(
                f"{family['name']} has no option --{name.replace('_', '-')} (its parameters: "
                + ", ".join(params) + ")"
            )
        if param["kind"] == "flag":
            options[name] = True
            continue
        if not value:
            value = next(words, None)
            if value is None:
                raise grundy.InputError(f"--{name.replace('_', '-')} needs a value")
        if name in options:
            previous = options[name]
            options[name] = (previous if isinstance(previous, list) else [previous]) + [value]
        else:
            options[name] = value
    return positional, options, as_json


def main(argv):
    if argv in (["--version"], ["-V"]):
        print(f"grundy {grundy.__version__}")
        return 0
    families = {f["name"]: f for f in grundy.families()}
    # A family answers to its aliases too (`squares` for `square-subtraction`).
    named = {alias: f for f in families.values() for alias in f["aliases"]} | families
    if not argv or argv[0] in ("-h", "--help"):
        print(USAGE)
        print("families: " + ", ".join(families))
        return 0
    name, rest = argv[0], argv[1:]
    try:
        if name not in named:
            # The catalogue's own refusal, which names the families nearest to the name.
            grundy.catalogue(name)
        positional, options, as_json = arguments(named[name], rest)
        report = grundy.catalogue(name, *positional, **options)
    except grundy.GameError as error:
        print(f"grundy: error: {error}", file=sys.stderr)
        return 2
    print(report.to_json() if as_json else report.text, end="" if not as_json else "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
