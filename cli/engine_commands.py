"""Engine commands: ``rulespec play``, ``rulespec replay`` and ``rulespec simulate``.

Only typer and the standard library are imported here; the engines, rich and the statistics are imported
inside the commands so ``rulespec --help`` stays fast.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from cli.options import EditionOpt, OptionalGameArg


def register(app: typer.Typer) -> None:
    """Add ``play``, ``replay`` and ``simulate`` to ``app``."""
    app.command("play", help="Play a game in the terminal against bots (or hot-seat).")(play)
    app.command("replay", help="Re-play a JSON-lines game log and verify every move and the final scores.")(replay)
    app.command("simulate", help="Play many bot games and report win rates and scores with 95 % intervals.")(simulate)
    from cli import impact_command

    impact_command.register(app)


def _fail(message: str, code: int = 2) -> None:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def _parse_rulings(items: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items:
        if "=" not in item:
            _fail(f"--ruling expects RULING_ID=READING_ID, got {item!r}")
        key, value = item.split("=", 1)
        out[key.strip()] = value.strip()
    return out


def _make_config(game: str, players: int, seed: int, edition: str | None, rulings: list[str], variants: list[str]) -> Any:
    from engine.runtime.api import GameConfig
    from engine.runtime.registry import UnknownGameError, load_game

    config = GameConfig(
        game=game,
        players=players,
        seed=seed,
        edition=edition,
        rulings=_parse_rulings(rulings),
        variants=tuple(variants),
    )
    try:
        load_game(config)
    except UnknownGameError as exc:
        _fail(str(exc))
    except ValueError as exc:
        _fail(str(exc))
    return config


def _bot_list(game: str, spec: str) -> list[str]:
    from engine.runtime.bots import bot_names

    names = [b.strip() for b in spec.split(",") if b.strip()]
    known = bot_names(game)
    for name in names:
        if name not in known:
            _fail(f"unknown bot {name!r} for {game}; known: {', '.join(known)}")
    if not names:
        _fail("--bots needs at least one bot name")
    return names


def _game_or_default(game: str | None) -> str:
    """The game to play: a bundled game's id (an engine plays only those), or the default one."""
    from rulespec.loading import UnknownGame, bundled_games, default_game, looks_like_path

    if game is not None:
        if looks_like_path(game) or game not in bundled_games():
            _fail(f"no engine for game {game!r} (bundled games: {', '.join(bundled_games())}; the engines play "
                  "bundled games, named by id)")
        return game
    try:
        return default_game()
    except UnknownGame as exc:
        _fail(str(exc))
        raise  # unreachable: _fail exits


# --------------------------------------------------------------------------- play

#: What a player may type at the prompt besides a move's number (shown by ``help``).
PLAY_HELP = """\
  <number>         play the move with that number
  <move text>      play a move by its raw id (e.g. done), as --raw shows it
  <words>          list only the moves whose description contains all the words
                   (when one move matches, Enter plays it)
  list             list the moves again
  show             show the edition's readings, the board and the moves again
  readings         the readings in force where the editions disagree, and why
  raw              show or hide the raw move ids
  rules <topic>    look a rule up (e.g. rules settle, rules frame marker)
  help             this help
  quit             abandon the game (the log keeps the moves so far)"""


class _Abandon(Exception):
    """The human ended the game at the prompt: ``quit``, end of input or Ctrl-C."""

    def __init__(self, message: str, code: int = 0) -> None:
        super().__init__(message)
        self.code = code


def play(
    game: OptionalGameArg = None,
    players: Annotated[int, typer.Option("--players", "-n", help="Number of players.")] = 3,
    seat: Annotated[
        list[int] | None, typer.Option("--seat", help="Seat (0-based) played by a human; repeatable. Default: 0.")
    ] = None,
    bots: Annotated[str, typer.Option("--bots", help="Bots for the other seats, comma-separated, cycled.")] = "heuristic",
    hot_seat: Annotated[bool, typer.Option("--hot-seat", help="Every seat is played by a human at this terminal.")] = False,
    log: Annotated[
        Path | None, typer.Option("--log", metavar="FILE", show_default=False,
                                  help="Write a JSON-lines log (config, one action per line, scores).")
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the game's shuffles.")] = 0,
    edition: EditionOpt = None,
    ruling: Annotated[
        list[str] | None, typer.Option("--ruling", help="Override one ruling: RULING_ID=READING_ID (repeatable).")
    ] = None,
    variant: Annotated[list[str] | None, typer.Option("--variant", help="Switch on an optional variant (repeatable).")] = None,
    raw: Annotated[bool, typer.Option("--raw", help="Show each move's raw id (as logs store it) beside its text.")] = False,
) -> None:
    """Play in the terminal: the board, the legal moves in words, and ``rules <topic>`` for a look-up."""
    game = _game_or_default(game)
    import random

    from engine.runtime.bots import make_bot
    from engine.runtime.display import display_for
    from engine.runtime.registry import load_game
    from engine.runtime.replay import GameLog

    config = _make_config(game, players, seed, edition, ruling or [], variant or [])
    humans = set(range(players)) if hot_seat else set(seat or [0])
    if any(s < 0 or s >= players for s in humans):
        _fail(f"--seat must be between 0 and {players - 1}")
    names = _bot_list(game, bots)
    seat_bots = {s: make_bot(names[i % len(names)], game) for i, s in enumerate(x for x in range(players) if x not in humans)}
    state = load_game(config).new_initial_state()
    from rulespec.outputs import OutputError, open_output

    try:
        stream = open_output(log, keep_partial=True) if log else None  # the log of an abandoned game is kept
    except OutputError as exc:
        _fail(f"--log {exc}")
        return
    session = _PlaySession(state, display_for(game), game, raw)
    logger = GameLog(stream, config) if stream else None
    rngs = {s: random.Random(seed * 7919 + s) for s in seat_bots}
    try:
        session.show_readings()
        while not state.is_terminal():
            player = state.current_player
            if player in seat_bots:
                action = seat_bots[player].choose(state, rngs[player])
                session.report(player, action, seat_bots[player].name)
            else:
                action = session.ask(player)
            if logger:
                logger.action(player, action)
            session.play_move(player, action)
        if logger:
            logger.final(state)
        session.finish()
    except _Abandon as stop:
        session.console.print(str(stop))
        if log:
            session.console.print(f"The moves so far are in {log}.")
        raise typer.Exit(stop.code) from None
    finally:
        if stream:
            stream.close()


class _PlaySession:
    """One terminal game: shows the board and the moves through the game's display hooks and reads the answers.

    The game's words come from its :class:`engine.runtime.display.Display`; this class knows no game. Moves are
    listed as :mod:`cli.play_moves` choices; each move's report (what happened, where its points came from) is
    printed and summed in a :class:`cli.play_ledger.ScoreLedger`, shown per period and at the end.
    """

    def __init__(self, state: Any, display: Any, game: str, raw: bool) -> None:
        from rich.console import Console

        from cli.play_ledger import ScoreLedger

        self.state = state
        self.display = display
        self.game = game
        self.raw = raw
        self.console = Console(highlight=False)
        #: the seat that made the last move: a player deciding again right after himself gets the short view
        self.last_mover: int | None = None
        players = len(state.scores())
        self.ledger = ScoreLedger(players)
        start = list(state.scores())
        if any(start):
            from engine.runtime.display import MoveReport, ScoreItem

            self.ledger.add(MoveReport(points=[ScoreItem(s, "at the start", v) for s, v in enumerate(start)]), start)
        self._readings: Any = None

    # -- output ----------------------------------------------------------------------------------------------

    def seat_text(self, seat: int) -> Any:
        """A seat's name, in its colour where the game gives seats colours."""
        from rich.text import Text

        colour = self.display.colour(self.state, seat)
        return Text(self.display.seat(self.state, seat), style=f"bold {colour}" if colour else "")

    def readings(self) -> Any:
        """The edition and readings in force (read from the spec once; None when the spec cannot be read)."""
        if self._readings is None:
            try:
                from cli.play_readings import edition_in_force
                from rulespec.model import load_spec

                game = self.state.game
                self._readings = edition_in_force(load_spec(self.game), game.config, getattr(game, "readings", None))
            except Exception as exc:  # the spec is another area's: say so, keep playing
                self._readings = exc
        return self._readings

    def show_readings(self, full: bool = False) -> None:
        from cli.play_readings import render

        info = self.readings()
        if isinstance(info, Exception):
            self.console.print(f"[dim]The edition's readings cannot be shown ({info}).[/dim]")
            return
        self.console.print(render(info, full=full))

    def show_board(self, viewer: int, brief: bool = False) -> None:
        """The board as ``viewer`` sees it; a broken view falls back to the observation as JSON (play goes on)."""
        try:
            view = self.display.brief if brief else self.display.render
            self.console.print(view(self.state, viewer))
        except Exception as exc:  # a view bug must not end a game in progress
            self.console.print(f"[red]The board view failed ({exc}); the raw observation follows.[/red]")
            self.console.print_json(json.dumps(self.state.observation(viewer), default=str))

    def print_moves(self, listing: list[tuple[str | None, list[tuple[int, Any]]]], words: list[str] | None = None) -> int:
        """Print the numbered choices (only those matching every one of ``words``); the number printed."""
        from rich.table import Table
        from rich.text import Text

        shown = 0
        for heading, members in listing:
            # a grid, so a description that wraps stays indented under itself, clear of the numbers
            grid = Table.grid(padding=(0, 1))
            grid.add_column(justify="right", width=5, style="bold")
            grid.add_column()
            rows = 0
            for number, choice in members:
                if words and not choice.matches(words):
                    continue
                text = choice.line()
                if heading and text.startswith(heading) and len(text) > len(heading):
                    text = text[len(heading) :].lstrip(" ,:")  # the heading above says the rest
                cell = Text(text)
                if self.raw:
                    cell.append("  " + " | ".join(str(a) for a in choice.actions[:3]), style="dim")
                grid.add_row(str(number), cell)
                rows += 1
            if not rows:
                continue
            if heading is not None:
                self.console.print(Text(heading, style="bold underline"))
            self.console.print(grid)
            shown += rows
        return shown

    def report(self, player: int, action: Any, bot: str) -> None:
        """One line saying what a bot did, in the words a human's moves are listed in (hidden parts left out)."""
        from rich.text import Text

        line = Text()
        line.append_text(self.seat_text(player))
        line.append(f" ({bot}): ", style="dim")
        line.append(self.display.public(self.state, action))
        if self.raw:
            line.append(f"   {action}", style="dim")
        self.console.print(line)

    def play_move(self, player: int, action: Any) -> None:
        """Apply ``action`` and say what came of it: the view's report, who gained points, a period's sums."""
        from rich.text import Text

        before = list(self.state.scores())
        explain = self.display.explain(self.state, action)
        self.state.apply(action)
        self.last_mover = player
        report = explain(self.state)
        after = list(self.state.scores())
        for text in report.lines:
            self.console.print(Text(f"  {text}", style="italic"))
        self.score_changes(before)
        self.ledger.add(report, [new - old for old, new in zip(before, after, strict=False)])
        if report.closed_period:
            self.show_period(report.closed_period)

    def score_changes(self, before: list[int]) -> None:
        """After a move, who gained or lost points (scoring steps run between decisions and are easy to miss)."""
        from rich.text import Text

        after = list(self.state.scores())
        for seat, (old, new) in enumerate(zip(before, after, strict=False)):
            if new != old:
                line = Text("  ")
                line.append_text(self.seat_text(seat))
                change = new - old
                line.append(f": {change:+d} point{'' if abs(change) == 1 else 's'} (now {new})", style="dim")
                self.console.print(line)

    def show_period(self, period: str) -> None:
        from cli.play_ledger import ledger_table

        rows = self.ledger.period(period)
        if rows:
            self.console.print(ledger_table(f"{period}: where the points came from", rows, self.seat_text))

    def finish(self) -> None:
        from rich.table import Table

        from cli.play_ledger import ledger_table

        self.show_board(-1)
        scores = list(self.state.scores())
        for period in self.ledger.named_periods():
            self.show_period(period)
        self.console.print(ledger_table("Where the points came from", self.ledger.totals(), self.seat_text, scores))
        winners = set(self.state.winners())
        table = Table(title="Final scores", title_justify="left")
        table.add_column("player")
        table.add_column("points", justify="right")
        table.add_column("")
        for seat, score in enumerate(scores):
            table.add_row(self.seat_text(seat), str(score), "winner" if seat in winners else "")
        self.console.print(table)
        named = ", ".join(self.display.seat(self.state, s) for s in sorted(winners)) or "nobody"
        self.console.print(f"Final scores: {scores}  winners: {named}")

    # -- input -----------------------------------------------------------------------------------------------

    def read(self, prompt: str) -> str:
        try:
            return self.console.input(prompt).strip()
        except EOFError:
            self.console.print()
            raise _Abandon("Input ended: game abandoned.") from None
        except KeyboardInterrupt:
            self.console.print()
            raise _Abandon("Interrupted: game abandoned.", code=130) from None

    def ask(self, player: int) -> Any:
        """Show the board and the numbered moves to ``player`` and read answers until one names a legal move."""
        from rich.markup import escape

        from cli.play_moves import build_choices, numbered

        state = self.state
        actions = state.legal_actions()
        choices = build_choices(self.display, state, actions)
        listing = numbered(choices)
        by_number = {number: choice for _, members in listing for number, choice in members}
        by_text = {str(a): a for a in actions}
        who = self.display.seat(state, player)

        def show_all(brief: bool = False) -> None:
            self.show_board(player, brief)
            if brief:
                self.console.print("[dim](your move again: the short view; 'show' prints the whole board)[/dim]")
            self.console.rule(self.seat_text(player), align="left")
            self.console.print(f"[bold]{escape(self.display.prompt(state))}[/bold]")
            self.print_moves(listing)

        show_all(brief=self.last_mover == player)
        count = len(choices)
        hint = f"Type a number from 1 to {count}, or 'help' for commands."
        pending: Any = None  # the one choice the last filter matched: Enter plays it
        while True:
            answer = self.read(f"[bold]{escape(who)}[/bold] [dim](1–{count}, help)[/dim]> ")
            lowered = answer.lower()
            chosen = None
            if lowered.isdigit():
                number = int(lowered)
                if number not in by_number:
                    self.console.print(f"[red]There is no move {number}.[/red] {hint}")
                    continue
                chosen = by_number[number]
            elif answer in by_text:
                return by_text[answer]
            elif not lowered:
                if pending is not None:
                    chosen = pending
                elif count == 1:
                    chosen = choices[0]
                else:
                    self.console.print(hint)
                    continue
            if chosen is not None:
                action = self.pick_variant(chosen)
                if action is not None:
                    return action
                pending = None
                self.print_moves(listing)
                continue
            pending = None
            command, _, rest = lowered.partition(" ")
            if command in ("quit", "q", "exit"):
                raise _Abandon("Game abandoned.")
            if command in ("help", "?", "h"):
                self.console.print(escape(PLAY_HELP))
            elif command in ("show", "board"):
                self.show_readings()
                show_all()
            elif command == "readings":
                self.show_readings(full=True)
            elif command in ("list", "moves", "ls"):
                self.print_moves(listing, rest.split() or None)
            elif command == "raw":
                self.raw = not self.raw
                self.console.print(f"Raw move ids {'shown' if self.raw else 'hidden'}.")
                self.print_moves(listing)
            elif command == "rules":
                topic = answer.partition(" ")[2].strip()
                self.console.print(_rules_lookup(self.game, topic, state.game.config.edition), markup=False)
            else:
                pending = self.filter(listing, choices, answer, hint)

    def filter(self, listing: Any, choices: list[Any], answer: str, hint: str) -> Any:
        """List the choices matching ``answer``'s words; the choice when exactly one matches (Enter plays it).

        When none matches, say what can be done now and, where the game knows, why the typed move is not."""
        from rich.markup import escape

        from cli.play_moves import overview

        words = answer.lower().replace(":", " ").replace("=", " ").split()
        matching = [c for c in choices if c.matches(answer.lower().split())]
        if matching:
            self.print_moves(listing, answer.lower().split())
            if len(matching) == 1:
                self.console.print("[dim]One move matches: press Enter to play it, or type its number.[/dim]")
                return matching[0]
            self.console.print(f"[dim]{len(matching)} moves match {escape(repr(answer))} above; type one's number.[/dim]")
            return None
        raw_move = ":" in answer or "=" in answer
        what = "is not a legal move now" if raw_move else "is not a move or a command"
        self.console.print(f"[red]{escape(repr(answer))} {what}.[/red]")
        why = self.display.why(self.state, words)
        if why:
            self.console.print(escape(why))
        self.console.print(f"Moves now: {escape(overview(choices))}. {hint}")
        return None

    def pick_variant(self, choice: Any) -> Any:
        """The move behind a chosen line: at once, or after the player picks one of its variants (None: back)."""
        from rich.markup import escape

        if not choice.needs_variant:
            return choice.actions[0]
        self.console.print(f"[bold]{escape(choice.text)}[/bold] — which way?")
        for number, variant in enumerate(choice.variants, 1):
            extra = f"  [dim]{escape(str(choice.actions[number - 1]))}[/dim]" if self.raw else ""
            self.console.print(f"  {number:>3} {escape(variant)}{extra}")
        count = len(choice.variants)
        while True:
            answer = self.read(f"[dim](1–{count}, Enter: back to the list)[/dim]> ")
            if not answer or answer.lower() in ("back", "b"):
                return None
            if answer.isdigit() and 1 <= int(answer) <= count:
                return choice.actions[int(answer) - 1]
            for action in choice.actions:
                if answer == str(action):
                    return action
            self.console.print(f"[red]Type a number from 1 to {count}[/red], or Enter to go back.")


def _rules_lookup(game: str, topic: str, edition: str | None = None) -> str:
    """The rules on ``topic`` through ``translations.lookup`` (written by another area), degrading clearly."""
    if not topic:
        return "Usage: rules <topic>, e.g. 'rules settle' or 'rules frame marker'."
    try:
        from translations.lookup import present
        from translations.lookup import search as lookup_module
    except ImportError:
        return "Rule look-up is not available (translations.lookup is not installed in this checkout)."
    try:
        indexes = lookup_module.load_indexes(game)
        if not indexes:
            return "Rule look-up is not available: no look-up index built yet (run `rulespec generate`)."
        found = lookup_module.answer(indexes, topic, limit=4)
        if not found.hits:
            return f"No rule found for {topic!r}."
        lang = None if edition and not found.lang_detected else found.lang
        described = [present.describe(hit, lang, edition) for hit in found.hits]
        return str(present.format_text(described[0], described[1:], lexicon=lookup_module.lexicon_of(indexes),
                                       lang=found.lang, show_game=False))
    except Exception as exc:  # another area's code: report it, never end the game
        return f"Rule look-up failed: {exc}"


# --------------------------------------------------------------------------- replay


def replay(file: Annotated[Path, typer.Argument(metavar="LOG", help="A log written by `rulespec play --log` (a "
                                                "file, or a FIFO: it is streamed, within size and line limits).")]) -> None:
    """Re-play a log: every action must be legal for the logged player and the final scores must match."""
    from engine.runtime.registry import UnknownGameError
    from engine.runtime.replay import LogError, LogReadError
    from engine.runtime.replay import replay as do_replay

    try:
        result = do_replay(file)
    except LogReadError as exc:
        _fail(str(exc), code=2)
        return
    except (LogError, UnknownGameError) as exc:
        _fail(str(exc), code=1)
        return
    state = result.state
    status = "final scores verified" if result.final_checked else "game not finished (no final line)"
    typer.echo(f"{file}: {result.moves} moves replayed; {status}; scores {state.scores()} winners {state.winners()}")


# --------------------------------------------------------------------------- simulate


def simulate(
    game: OptionalGameArg = None,
    games: Annotated[int, typer.Option("--games", "-g", help="Number of games.")] = 100,
    players: Annotated[int, typer.Option("--players", "-n", help="Players per game.")] = 4,
    bots: Annotated[str, typer.Option("--bots", help="Bots, comma-separated, one per seat (cycled).")] = "random",
    edition: EditionOpt = None,
    ruling: Annotated[
        list[str] | None, typer.Option("--ruling", help="Override one ruling: RULING_ID=READING_ID (repeatable).")
    ] = None,
    variant: Annotated[list[str] | None, typer.Option("--variant", help="Switch on an optional variant (repeatable).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first game; game i uses seed + i.")] = 0,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes (local) or CPUs of a local Ray instance.")] = 1,
    rotate: Annotated[bool, typer.Option("--rotate/--no-rotate", help="Rotate the bots over the seats game by game.")] = True,
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")] = False,
    compare_editions: str | None = typer.Option(
        None, "--compare-editions", help="Comma-separated editions: run the same seeds under each and compare."
    ),
    backend: Annotated[str, typer.Option("--backend", help="Where games run: local (process pool) or ray.")] = "local",
    address: Annotated[
        str | None, typer.Option("--address", help="Ray cluster to join (e.g. auto, ray://host:10001); default: start one.")
    ] = None,
) -> None:
    """Play bot games and report per-seat, per-nation and per-bot win rates and scores (95 % intervals)."""
    game = _game_or_default(game)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from cli.console import make_console
    from engine.runtime.simulate import TooManyGamesError, check_game_count, compare, simulate_summary

    try:
        check_game_count(games)
    except TooManyGamesError as exc:
        _fail(str(exc))
    names = _bot_list(game, bots)
    editions = [e.strip() for e in compare_editions.split(",")] if compare_editions else [edition]
    configs = {e: _make_config(game, players, seed, e, ruling or [], variant or []) for e in editions}
    console = make_console(stderr=True)
    summaries: dict[str, Any] = {}
    runner = _open_backend(backend, jobs, address)
    try:
        with Progress(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
            console=console, disable=not console.is_terminal,
        ) as progress:  # fmt: skip
            for e, config in configs.items():
                task = progress.add_task(f"edition {e or 'default'}", total=games)
                summaries[e or "default"] = simulate_summary(
                    config, games, names, backend=runner, rotate=rotate, progress=lambda k, t=task: progress.advance(t, k)
                )
    finally:
        runner.close()
    result: dict[str, Any] = {
        "game": game,
        "players": players,
        "bots": names,
        "seed": seed,
        "editions": {k: s.to_json() for k, s in summaries.items()},
    }
    if len(summaries) > 1:
        result["comparison"] = compare(summaries)
        result["comparison"]["readings"] = _differing_readings(configs)
    if as_json:
        sys.stdout.write(json.dumps(result, indent=2, sort_keys=True) + "\n")
        return
    _print_summary(result)


def _open_backend(name: str, jobs: int, address: str | None) -> Any:
    """The backend ``--backend``/``--jobs``/``--address`` ask for, or a clear exit 2."""
    from engine.runtime.backends import BackendError, make_backend

    if jobs < 1:
        _fail("--jobs must be at least 1")
    try:
        return make_backend(name, jobs=jobs, address=address)
    except BackendError as exc:
        _fail(str(exc))


def _differing_readings(configs: dict[str | None, Any]) -> dict[str, dict[str, str]]:
    """Ruling → edition → reading, for the rulings whose readings differ between the compared editions."""
    from engine.runtime.registry import load_game

    per_edition = {e or "default": dict(getattr(load_game(c), "readings", {})) for e, c in configs.items()}
    rulings = sorted({r for readings in per_edition.values() for r in readings})
    out: dict[str, dict[str, str]] = {}
    for ruling in rulings:
        values = {e: readings.get(ruling, "") for e, readings in per_edition.items()}
        if len(set(values.values())) > 1:
            out[ruling] = values
    return out


def _print_summary(result: dict[str, Any]) -> None:
    from rich.table import Table

    from cli.console import make_console

    console = make_console()
    for edition, summary in result["editions"].items():
        console.print(
            f"[bold]{result['game']}[/bold] — edition {edition}: {summary['games']} games, "
            f"{result['players']} players, bots {','.join(result['bots'])}, mean {summary['moves_mean']} moves"
        )
        for group, items in summary["groups"].items():
            table = Table(title=f"by {group}")
            table.add_column(group, no_wrap=True)
            for col in ("games", "win", "win 95% CI", "score", "score 95% CI", "sd", "min", "max"):
                table.add_column(col, justify="right", no_wrap=True)
            for key, s in items.items():
                table.add_row(
                    key.removeprefix(f"{group}."), str(s["games"]), f"{s['win_rate']:.1%}",
                    f"{s['win_ci'][0]:.1%}–{s['win_ci'][1]:.1%}", f"{s['score_mean']:.1f}",
                    f"{s['score_ci'][0]:.1f}–{s['score_ci'][1]:.1f}", f"{s['score_sd']:.1f}",
                    str(s["score_min"]), str(s["score_max"]),
                )  # fmt: skip
            console.print(table)
    comparison = result.get("comparison")
    if comparison:
        readings = Table(title="Rulings read differently")
        readings.add_column("ruling", no_wrap=True)
        for edition in result["editions"]:
            readings.add_column(edition)
        for ruling, values in comparison.get("readings", {}).items():
            readings.add_row(ruling, *(values.get(e, "") for e in result["editions"]))
        console.print(readings)
        console.print(f"[bold]Shifts against {comparison['baseline']}[/bold] (score CIs overlap = within noise)")
        for name, data in comparison["shifts"].items():
            table = Table(title=f"{name} − {comparison['baseline']} (moves {data['moves_mean']:+.1f})")
            for col in ("group", "win rate", "mean score", "within noise"):
                table.add_column(col)
            for key, shift in data["groups"].items():
                table.add_row(
                    key.removeprefix(f"{group}."),
                    f"{shift['win_rate']:+.1%}",
                    f"{shift['score_mean']:+.2f}",
                    "yes" if shift["overlap"] else "NO",
                )
            console.print(table)
