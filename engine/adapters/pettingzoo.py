"""The reference engines as PettingZoo AEC environments, with action masks.

::

    from engine.adapters.pettingzoo import env
    e = env(game="race_to_the_new_found_land", players=4, edition="en-zman")
    e.reset(seed=7)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else e.action_space(agent).sample(observation["action_mask"])
        e.step(action)

Agents are ``player_0`` … ``player_<n-1>`` (the engine's seats). Each agent's action space is
``Discrete(N)`` over the game's action codes (:mod:`engine.adapters.codes`); its observation is a dict of
``observation`` (the fixed-shape tensor of :mod:`engine.adapters.observing`, float32) and ``action_mask``
(int8, 1 for the codes legal now; all zero for an agent not to move). A decision taken in stages (a ship,
then a payment) is several steps of the same agent. Rewards come at the end: the winners share +1, the others
-1. ``reset(seed=s)`` plays the engine's game of seed ``s``; later resets without a seed draw new seeds from
it. ``render_mode`` ``"ansi"`` returns the board as the agent to move sees it, ``"human"`` prints it.

Random play need not build the tensor: ``last(observe=False)`` and :meth:`RulespecEnv.legal_actions`.
"""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers.order_enforcing import AECOrderEnforcingIterable

from engine.adapters.observing import observation_tensor
from engine.adapters.profile import game_profile
from engine.adapters.stepper import OVER, Stepper, win_loss_returns
from engine.runtime.api import GameConfig
from engine.runtime.registry import load_game

#: Bounds of the observation box: the tensor holds counts, points and flags, all far inside them.
OBSERVATION_BOUND = 1e6


def env(
    game: str = "race_to_the_new_found_land",
    players: int | None = None,
    edition: str | None = None,
    render_mode: str | None = None,
    rulings: dict[str, str] | None = None,
    ask_forced: bool = False,
) -> AECEnv:
    """An AEC environment of ``game``, wrapped in PettingZoo's ``OrderEnforcingWrapper`` as its own environments
    are (calls out of order raise). An action that is not legal now, out of range included, raises
    :class:`~engine.adapters.stepper.IllegalCodeError`; ``.unwrapped`` is the bare :class:`RulespecEnv`.
    A decision with a single option is played at once unless ``ask_forced`` (then every engine decision is a
    step of its agent)."""
    raw = RulespecEnv(game=game, players=players, edition=edition, render_mode=render_mode, rulings=rulings,
                      ask_forced=ask_forced)
    return OrderEnforcing(raw)


def _forwarded(name: str, before_reset: bool) -> property:
    """The wrapped environment's attribute ``name`` as a property of the wrapper; unless ``before_reset``, reading
    it before ``reset()`` raises the ``AttributeError`` PettingZoo's ``OrderEnforcingWrapper`` raises."""

    def get(self: OrderEnforcing) -> Any:
        if not (before_reset or self._has_reset):
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)

    def set_(self: OrderEnforcing, value: Any) -> None:
        setattr(self.env, name, value)

    return property(get, set_, doc=f"The wrapped environment's ``{name}``.")


class OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's ``OrderEnforcingWrapper`` with the same checks, at a fraction of the cost per step.

    PettingZoo's wrapper reaches the wrapped environment's attributes through ``__getattr__``, which Python calls
    only after the ordinary look-up has failed, and a class with a ``__getattr__`` loses the interpreter's fast
    attribute look-ups altogether: every attribute of the wrapper, its methods and flags included, costs several
    times one of the environment's. In a game loop of ``agent_iter``, ``last`` and ``step`` that cost more than
    the engine's own action. So here:

    - the attributes the game loop reads are properties (found at once; read before ``reset()`` they raise what
      PettingZoo's wrapper raises; written, they write the wrapped environment's, which is what every reader of
      them sees);
    - the order flag ``_has_updated`` (set by ``reset`` and ``step``, cleared by each turn of ``agent_iter``) is
      the environment's, which sets it itself;
    - from ``reset()`` on, ``step`` and ``last`` are the environment's own methods, set on the wrapper object:
      the loop calls the environment directly, one Python call each. Before ``reset()`` the wrapper's methods
      answer, refusing as PettingZoo's do; what PettingZoo's ``step`` checks after that (a step once every
      agent is done logs a warning and changes nothing) the environment's ``step`` checks itself."""

    agents = _forwarded("agents", before_reset=False)
    agent_selection = _forwarded("agent_selection", before_reset=False)
    rewards = _forwarded("rewards", before_reset=False)
    terminations = _forwarded("terminations", before_reset=False)
    truncations = _forwarded("truncations", before_reset=False)
    infos = _forwarded("infos", before_reset=False)
    _cumulative_rewards = _forwarded("_cumulative_rewards", before_reset=True)
    _has_updated = _forwarded("_has_updated", before_reset=True)

    def __init__(self, env: RulespecEnv) -> None:
        self.env = env  # first: PettingZoo's ``__init__`` writes ``_has_updated``, which is the environment's
        super().__init__(env)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        super().reset(seed=seed, options=options)
        env = self.env
        self.step = env.step  # type: ignore[method-assign]
        self.last = env.last  # type: ignore[method-assign]

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Before ``reset()``: PettingZoo's refusal (afterwards the environment's own ``last`` answers)."""
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.last(observe)

    def agent_iter(self, max_iter: int = 2**63) -> AECOrderEnforcingIterable:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _AgentIterable(self, max_iter)


class _AgentIterable(AECOrderEnforcingIterable):
    def __iter__(self) -> Iterator[str]:  # type: ignore[override]
        return _agents(self.env, self.max_iter)


def _agents(wrapper: OrderEnforcing, max_iter: int) -> Iterator[str]:
    """PettingZoo's order-enforcing agent iterator (``AECOrderEnforcingIterator``: the agent to move while any
    agent is left, at most ``max_iter`` times, each after a ``step()`` or ``reset()``), as a generator: resuming
    one costs less than the call of an iterator's ``__next__``, and it reads the wrapped environment directly."""
    wrapped = wrapper.env
    for _ in range(max_iter):
        if not wrapped.agents:
            return
        assert wrapped._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapped._has_updated = False
        yield wrapped.agent_selection


class RulespecEnv(AECEnv):
    """One engine configuration as an AEC environment (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["human", "ansi"], "is_parallelizable": False}

    def __init__(
        self,
        game: str = "race_to_the_new_found_land",
        players: int | None = None,
        edition: str | None = None,
        render_mode: str | None = None,
        rulings: dict[str, str] | None = None,
        ask_forced: bool = False,
    ) -> None:
        super().__init__()
        self.skip_forced = not ask_forced
        self.profile = profile = game_profile(game)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: use one of {', '.join(self.metadata['render_modes'])}")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"rulespec_{game}_v0"}
        players = players or profile.players_max
        self.config = GameConfig(game=game, players=players, edition=edition, rulings=dict(rulings or {}))
        load_game(self.config)  # checks the player count, edition and rulings now rather than at reset
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = []
        size = profile.codes.size
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(-OBSERVATION_BOUND, OBSERVATION_BOUND, (profile.layout.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            })
            for a in self.possible_agents
        }
        self._seeds = random.Random()
        self.stepper: Stepper | None = None
        #: PettingZoo's order flag: set by ``reset`` and ``step``, cleared by each turn of ``agent_iter`` (which
        #: refuses a turn without one); the environment's own, so that its ``step`` is all a step calls
        self._has_updated = False

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # -- the game ------------------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
            engine_seed = seed
        else:
            engine_seed = self._seeds.getrandbits(63)
        config = GameConfig(**{**self.config.__dict__, "seed": engine_seed})
        self.stepper = Stepper(load_game(config).new_initial_state(), self.profile.codes, skip_forced=self.skip_forced)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.stepper.current_player]
        self._has_updated = True
        # the stepper's own method, found on the object: the agent's codes in one native call, no Python frame
        self.legal_actions = self.stepper.legal_codes  # type: ignore[method-assign]

    def step(self, action: int | None) -> None:
        self._has_updated = True
        if not self.agents:  # every agent is done (PettingZoo's wrapper warns of it), or no game was started
            if self.stepper is None:
                raise RuntimeError("call reset() first")
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        stepper = self.stepper
        if stepper is None:
            raise RuntimeError("call reset() first")
        if action is None:
            raise ValueError(f"{agent} must choose an action (a code from its action mask)")
        # (PettingZoo's environments zero the cumulative reward of the agent that acts; here it is 0 already:
        # rewards come only at the end, when every agent is done and no agent acts again)
        seat = stepper.play(int(action))
        if seat == OVER:
            returns = win_loss_returns(stepper.state)
            self.rewards = {a: returns[seat] for seat, a in enumerate(self.possible_agents)}
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()  # (only here: before the end every reward is 0, nothing to add)
        else:
            self.agent_selection = self.possible_agents[seat]
        if self.render_mode is not None and self.render_mode == "human":  # (``is`` first: ``None ==`` costs more)
            self.render()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        stepper = self._stepper()
        mask = np.zeros(self.profile.codes.size, np.int8)
        if not stepper.is_terminal() and seat == stepper.current_player:
            mask[stepper.legal_codes()] = 1
        return {"observation": observation_tensor(stepper, seat, self.profile), "action_mask": mask}

    def legal_actions(self) -> list[int]:
        """The codes legal for the agent to move (what its action mask marks), without building any tensor.
        (From ``reset()`` on, the object's ``legal_actions`` is its stepper's ``legal_codes`` itself.)"""
        return (self.stepper or self._stepper()).legal_codes()

    def action_to_string(self, action: int) -> str:
        return self.profile.codes.describe(int(action))

    def _stepper(self) -> Stepper:
        if self.stepper is None:
            raise RuntimeError("call reset() first")
        return self.stepper

    # -- showing -------------------------------------------------------------------------------------------
    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        from rich.console import Console

        from engine.runtime.display import display_for

        stepper = self._stepper()
        viewer = stepper.current_player if not stepper.is_terminal() else -1
        out = io.StringIO()
        console = Console(file=out, width=120, color_system=None)
        console.print(display_for(self.config.game).render(stepper.state, viewer))
        text = out.getvalue()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.stepper = None
        self.__dict__.pop("legal_actions", None)  # the closed stepper's: this class's method refuses again
