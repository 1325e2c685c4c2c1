"""Train the learned model of play and report it against judgement.

    python lab/tools/play_train.py ROWS.npz --out WEIGHTS.json [--report REPORT.md]
        [--seed 1] [--l2 1e-5] [--epochs 8] [--batch 20000]
    python lab/tools/play_train.py ROWS.npz --weights WEIGHTS.json [--report REPORT.md]

The second form trains nothing: it reports on the weights given.

ROWS is :mod:`play_rows`' file. The model is a softmax over the legal cards of
the sum of each card's feature weights (:mod:`hearts.ai.playfeatures`), fitted
with numpy by Adam on the log loss of the card played (shuffled batches of
decisions, a little L2), on the training split, keeping the epoch with the
lowest validation loss.
The shooting table starts from it and is fitted on the plays of the seats that
shot the moon, its L2 pulling it toward the first table.

The report scores, on the test split (never read in training):

- judgement as a model: its card with a chance p, every other legal card
  (1 - p) / (k - 1), p fitted on the training split for each slot (a lead,
  following or discarding at each position): the fixed ``miss`` factor made
  a probability;
- the uniform chance over the legal cards;
- the model;

with the accuracy (the likeliest card is the one played) and the log loss
(nats a decision), over all decisions and by player and by slot.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

from hearts.ai.playfeatures import FEATURES
from hearts.ai.playmodel import MODEL_FORMAT, PlayModel, fingerprint

SLOTS = ("lead", "follow 2nd", "follow 3rd", "follow 4th", "discard 2nd", "discard 3rd",
         "discard 4th")


class Data:
    """The rows of some decisions, as the arrays training reads."""

    def __init__(self, rows: dict[str, np.ndarray], keep: np.ndarray) -> None:
        chosen = np.flatnonzero(keep) if keep.dtype == bool else keep
        starts = rows["start"][chosen]
        counts = rows["count"][chosen]
        index = np.repeat(starts, counts) + _ranges(counts)
        self.x = rows["x"][index].astype(np.int32)
        """Each row's feature indices."""
        self.counts = counts
        """Each decision's rows."""
        self.starts = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64)
        """Each decision's first row here."""
        self.decision = np.repeat(np.arange(len(chosen)), counts)
        """Each row's decision."""
        self.played = self.starts + rows["played"][chosen]
        """The row of the card played, per decision."""
        self.judged = self.starts + rows["judged"][chosen]
        """The row of judgement's card, per decision."""
        self.slot = rows["slot"][chosen]
        self.player = rows["player"][chosen]
        self.y = np.zeros(len(self.x))
        self.y[self.played] = 1.0

    def __len__(self) -> int:
        return len(self.counts)

    def log_chances(self, w: np.ndarray) -> np.ndarray:
        """Each row's log chance under weights ``w``."""
        scores = w[self.x].sum(axis=1)
        top = np.maximum.reduceat(scores, self.starts)
        shifted = scores - top[self.decision]
        total = np.add.reduceat(np.exp(shifted), self.starts)
        return shifted - np.log(total)[self.decision]

    def loss(self, w: np.ndarray) -> float:
        """Mean log loss of the card played (NaN for no decisions)."""
        if not len(self):
            return float("nan")
        return float(-self.log_chances(w)[self.played].mean())

    def gradient(self, w: np.ndarray, l2: float, centre: np.ndarray) -> tuple[float, np.ndarray]:
        """The loss (with its L2 toward ``centre``) and its gradient."""
        log_p = self.log_chances(w)
        g = (np.exp(log_p) - self.y) / len(self)
        grad = np.bincount(self.x.ravel(), weights=np.repeat(g, self.x.shape[1]),
                           minlength=len(w))
        grad += 2 * l2 * (w - centre)
        grad[FEATURES] = 0.0
        loss = float(-log_p[self.played].mean() + l2 * np.sum((w - centre) ** 2))
        return loss, grad


def _ranges(counts: np.ndarray) -> np.ndarray:
    """0..c-1 for each count, concatenated."""
    if not len(counts):
        return np.zeros(0, dtype=np.int64)
    ends = np.cumsum(counts)
    return np.arange(ends[-1]) - np.repeat(ends - counts, counts)


def fit(rows: dict[str, np.ndarray], train: np.ndarray, valid: Data, start: np.ndarray,
        l2: float, epochs: int, batch: int, rate: float, rng: np.random.Generator,
        log: str) -> np.ndarray:
    """Adam from ``start`` over shuffled batches of the ``train`` decisions (their
    indices); the weights of the epoch with the best validation loss. The L2 pulls
    toward ``start`` for the shooting table, toward 0 otherwise."""
    w = start.copy()
    centre = start if log == "shooting" else np.zeros_like(w)
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    best, best_w = valid.loss(w), w.copy()
    if not len(train):
        return best_w
    step = 0
    for epoch in range(1, epochs + 1):
        order = rng.permutation(train)
        losses = []
        for first in range(0, len(order), batch):
            part = Data(rows, np.sort(order[first:first + batch]))
            loss, grad = part.gradient(w, l2, centre)
            losses.append(loss)
            step += 1
            m = 0.9 * m + 0.1 * grad
            v = 0.999 * v + 0.001 * grad * grad
            w -= rate * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
            w[FEATURES] = 0.0
        current = valid.loss(w)
        if current < best or np.isnan(current):
            best, best_w = current, w.copy()
        print(f"{log} epoch {epoch}: train {np.mean(losses):.4f}, validation {current:.4f}",
              file=sys.stderr, flush=True)
    return best_w


def judgement_chances(train: Data, data: Data) -> np.ndarray:
    """Each row's chance under judgement as a model, p fitted per slot on ``train``."""
    hit = train.judged == train.played
    p = np.array([hit[train.slot == s].mean() if (train.slot == s).any() else 0.5
                  for s in range(len(SLOTS))])
    k = data.counts.astype(float)
    mine = p[data.slot]
    other = (1 - mine) / (k - 1)
    chances = np.repeat(other, data.counts)
    chances[data.judged] = mine
    return chances


def scores(data: Data, chances: np.ndarray, keep: np.ndarray) -> tuple[float, float, int]:
    """Accuracy and log loss over the decisions in ``keep``, and how many."""
    picked = np.array([data.starts[i] + int(np.argmax(chances[data.starts[i]:data.starts[i]
                                                               + data.counts[i]]))
                       for i in np.flatnonzero(keep)], dtype=np.int64)
    accuracy = float((picked == data.played[keep]).mean()) if len(picked) else float("nan")
    loss = float(-np.log(np.clip(chances[data.played[keep]], 1e-12, 1)).mean())
    return accuracy, loss, int(keep.sum())


def report(rows: dict[str, np.ndarray], train: Data, test: Data, w: np.ndarray,
           shooting: np.ndarray, test_shot: Data) -> str:
    """The test split's report, as Markdown."""
    models = {
        "uniform": np.repeat(1.0 / test.counts, test.counts),
        "judgement": judgement_chances(train, test),
        "model": np.exp(test.log_chances(w)),
    }
    players = [str(p) for p in rows["players"]]
    lines = [
        "# The learned model of play on held-out hands",
        "",
        f"Test split: {len(test)} decisions with two or more legal cards, from "
        f"{len(np.unique(rows['hand'][rows['split'] == 2]))} hands "
        f"(training: {len(train)} decisions). Accuracy: the likeliest card is the one played; "
        "log loss in nats a decision (lower is better).",
        "",
        "| decisions | n | uniform acc | uniform loss | judgement acc | judgement loss "
        "| model acc | model loss |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    groups: list[tuple[str, np.ndarray]] = [("all", np.ones(len(test), dtype=bool))]
    groups += [(f"player {name}", test.player == i) for i, name in enumerate(players)]
    groups += [(slot, test.slot == s) for s, slot in enumerate(SLOTS)]
    for label, keep in groups:
        if not keep.any():
            continue
        cells: list[str] = []
        count = 0
        for chances in models.values():
            accuracy, loss, count = scores(test, chances, keep)
            cells += [f"{accuracy:.3f}", f"{loss:.3f}"]
        lines.append(f"| {label} | {count} | " + " | ".join(cells) + " |")
    if len(test_shot):
        keep = np.ones(len(test_shot), dtype=bool)
        general = scores(test_shot, np.exp(test_shot.log_chances(w)), keep)
        shoot = scores(test_shot, np.exp(test_shot.log_chances(shooting)), keep)
        judged = scores(test_shot, judgement_chances(train, test_shot), keep)
        lines += [
            "",
            f"The plays of seats that shot the moon, test split ({general[2]} decisions): "
            f"judgement accuracy {judged[0]:.3f}, log loss {judged[1]:.3f}; the model "
            f"{general[0]:.3f}, {general[1]:.3f}; the shooting table {shoot[0]:.3f}, "
            f"{shoot[1]:.3f}.",
        ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Run the command line."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("rows", type=Path)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--weights", type=Path)
    parser.add_argument("--report", type=Path)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--l2", type=float, default=1e-5)
    parser.add_argument("--shooting-l2", type=float, default=1e-3)
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--batch", type=int, default=20000)
    parser.add_argument("--rate", type=float, default=0.02)
    args = parser.parse_args(argv)
    if (args.out is None) == (args.weights is None):
        parser.error("give --out (train) or --weights (report only)")
    rows = dict(np.load(args.rows))
    split = rows["split"]
    shot = rows["shot"] == 1
    train, valid, test = (Data(rows, split == s) for s in (0, 1, 2))
    valid_shot, test_shot = (Data(rows, (split == s) & shot) for s in (1, 2))
    if args.weights is not None:
        model = PlayModel.load(args.weights)
        w = np.asarray(model.weights)
        shooting = np.asarray(model.shooting)
    else:
        rng = np.random.default_rng(args.seed)
        start = rng.normal(0.0, 0.01, FEATURES + 1)
        start[FEATURES] = 0.0
        w = fit(rows, np.flatnonzero(split == 0), valid, start, args.l2, args.epochs,
                args.batch, args.rate, rng, "all")
        shooting = fit(rows, np.flatnonzero((split == 0) & shot), valid_shot, w,
                       args.shooting_l2, args.epochs, args.batch // 4, args.rate / 2, rng,
                       "shooting")
        body: dict[str, Any] = {
            "format": MODEL_FORMAT,
            "features": FEATURES,
            "weights": [round(float(v), 4) for v in w[:FEATURES]],
            "shooting": [round(float(v), 4) for v in shooting[:FEATURES]],
        }
        body["fingerprint"] = fingerprint(body)
        body["trained"] = {
            "rows": [Path(str(f)).name for f in rows["files"]],
            "decisions": len(train), "validation": len(valid), "seed": args.seed,
            "l2": args.l2, "shooting_l2": args.shooting_l2, "epochs": args.epochs,
            "batch": args.batch, "rate": args.rate,
            "shooting_decisions": int(((split == 0) & shot).sum()),
            "validation_loss": round(valid.loss(w), 4),
        }
        args.out.write_text(json.dumps(body, indent=1) + "\n", encoding="utf-8")
        model = PlayModel.load(args.out)
        w = np.asarray(model.weights)
        shooting = np.asarray(model.shooting)
        print(f"weights {model.fingerprint} written to {args.out}", file=sys.stderr)
    text = report(rows, train, test, w, shooting, test_shot)
    if args.report is not None:
        args.report.write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
