"""Train the moon-threat model and report its calibration.

    python lab/tools/moon_train.py ROWS.npz [ROWS.npz ...] --out WEIGHTS.json \\
        [--report REPORT.md] [--seed 1] [--hidden 32]
    python lab/tools/moon_train.py ROWS.npz [...] --weights WEIGHTS.json \\
        [--test MORE.npz ...] [--report REPORT.md]

The second form trains nothing: it reports on the weights given, on the test
split or on the rows of ``--test`` files (say, of a run played later).

ROWS are :mod:`moon_rows`' files. The model is a small network (one hidden
layer of tanh units, a logistic output) trained with numpy on the training
split by Adam on the log loss, stopped where the validation split's log loss
was lowest; the test split is only read for the report. Beside it the report
scores, on the test split:

- a constant (the training split's rate of shots), and the constant that knows
  the test's own rate (the best a constant can do);
- the hand-written watch of issue 12 (:func:`hearts.ai.search.moon_threat`:
  no sign, a weak sign or a strong sign on the seat), each sign read as the
  rate of shots it had in the training split;
- the best rule table: the same signs crossed with whether the seat is the one
  we passed to, the one that passed to us, and the stage of the hand (the
  trick: 0, 1 to 3, 4 to 7, 8 on), each cell's training rate;
- a logistic regression on the same rows as the network;

with the Brier score and the log loss of each, a reliability table (predicted
against observed, by tenths of the predicted chance and by deciles of rows),
and the warning each gives: in the test hands where a seat shot, the trick at
which each other seat's view first put that seat at or above a threshold,
against the trick from which the moon was sure (:mod:`moon_sure`).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from moon_rows import FACTS

from hearts.ai.moonmodel import MODEL_FORMAT, MoonModel, fingerprint


def load(paths: list[Path]) -> dict[str, np.ndarray]:
    """The rows of several files, their hands kept apart."""
    parts = [dict(np.load(path)) for path in paths]
    out: dict[str, np.ndarray] = {}
    for key in ("x", "source", *FACTS):
        chunks = []
        for index, part in enumerate(parts):
            value = part[key]
            if key == "hand":
                value = value + index * 10**9
            chunks.append(value)
        out[key] = np.concatenate(chunks)
    hands = []
    for index, part in enumerate(parts):
        table = part["hands"].copy()
        table[:, 0] += index * 10**9
        hands.append(table)
    out["hands"] = np.concatenate(hands)
    return out


def _sigmoid(z: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    """The mean log loss of chances ``p`` for outcomes ``y``."""
    q = np.clip(p, 1e-7, 1 - 1e-7)
    return float(-np.mean(y * np.log(q) + (1 - y) * np.log(1 - q)))


def brier(p: np.ndarray, y: np.ndarray) -> float:
    """The mean squared error of chances ``p`` for outcomes ``y``."""
    return float(np.mean((p - y) ** 2))


class Net:
    """One hidden tanh layer and a logistic output, on standardized rows."""

    def __init__(self, features: int, hidden: int, rng: np.random.Generator) -> None:
        self.w1 = rng.normal(0, 1 / np.sqrt(features), (features, hidden))
        self.b1 = np.zeros(hidden)
        self.w2 = rng.normal(0, 1 / np.sqrt(hidden), hidden)
        self.b2 = np.zeros(1)

    def params(self) -> list[np.ndarray]:
        return [self.w1, self.b1, self.w2, self.b2]

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        h = np.tanh(x @ self.w1 + self.b1)
        return h, _sigmoid(h @ self.w2 + self.b2[0])

    def predict(self, x: np.ndarray) -> np.ndarray:
        out = np.empty(len(x))
        for start in range(0, len(x), 65536):
            out[start:start + 65536] = self.forward(x[start:start + 65536])[1]
        return out

    def grads(self, x: np.ndarray, y: np.ndarray, l2: float) -> list[np.ndarray]:
        h, p = self.forward(x)
        d = (p - y) / len(x)
        g2 = h.T @ d + l2 * self.w2
        gb2 = np.array([d.sum()])
        dh = np.outer(d, self.w2) * (1 - h * h)
        g1 = x.T @ dh + l2 * self.w1
        gb1 = dh.sum(axis=0)
        return [g1, gb1, g2, gb2]


def train_net(x: np.ndarray, y: np.ndarray, xv: np.ndarray, yv: np.ndarray, hidden: int,
              seed: int, epochs: int = 40, batch: int = 1024, rate: float = 2e-3,
              l2: float = 1e-5) -> tuple[Net, list[float]]:
    """Adam on the log loss; the weights of the epoch with the best validation loss."""
    rng = np.random.default_rng(seed)
    net = Net(x.shape[1], hidden, rng)
    moments = [(np.zeros_like(p), np.zeros_like(p)) for p in net.params()]
    best = (float("inf"), [p.copy() for p in net.params()])
    history: list[float] = []
    step = 0
    stale = 0
    for _epoch in range(epochs):
        order = rng.permutation(len(x))
        for start in range(0, len(x), batch):
            pick = order[start:start + batch]
            step += 1
            for param, grad, (m, v) in zip(net.params(), net.grads(x[pick], y[pick], l2),
                                           moments, strict=True):
                m *= 0.9
                m += 0.1 * grad
                v *= 0.999
                v += 0.001 * grad * grad
                param -= rate * (m / (1 - 0.9 ** step)) / (np.sqrt(v / (1 - 0.999 ** step))
                                                           + 1e-8)
        loss = log_loss(net.predict(xv), yv)
        history.append(loss)
        print(f"epoch {len(history)}: validation log loss {loss:.5f}", file=sys.stderr)
        if loss < best[0] - 1e-6:
            best = (loss, [p.copy() for p in net.params()])
            stale = 0
        else:
            stale += 1
            if stale >= 5:
                break
    for param, kept in zip(net.params(), best[1], strict=True):
        param[...] = kept
    return net, history


def train_logistic(x: np.ndarray, y: np.ndarray, l2: float = 1e-4,
                   steps: int = 25) -> np.ndarray:
    """Newton's method on the L2-penalized log loss; the weights (the first column
    of ``x`` is the bias)."""
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = _sigmoid(x @ w)
        grad = x.T @ (p - y) / len(x) + l2 * w
        hess = (x.T * (p * (1 - p))) @ x / len(x) + l2 * np.eye(x.shape[1])
        w -= np.linalg.solve(hess, grad)
    return w


def rule_cells(data: dict[str, np.ndarray], names: list[str]) -> np.ndarray:
    """Each row's cell of the best rule table: the watch's sign (3) crossed with
    whether the seat is our pass target (2), our passer (2) and the stage (4)."""
    x = data["x"]
    target = x[:, names.index("is_target")] > 0.5
    passer = x[:, names.index("is_passer")] > 0.5
    trick = data["trick"]
    stage = np.where(trick == 0, 0, np.where(trick <= 3, 1, np.where(trick <= 7, 2, 3)))
    return ((data["watch"] * 2 + target) * 2 + passer) * 4 + stage


def table_forecast(cells: np.ndarray, y: np.ndarray, train: np.ndarray, size: int) -> np.ndarray:
    """Each cell's rate of shots in the training rows (a prior of one shot in
    forty, worth ten rows, where a cell is thin)."""
    shots = np.bincount(cells[train], weights=y[train], minlength=size)
    rows = np.bincount(cells[train], minlength=size)
    rates = (shots + 0.25) / (rows + 10)
    return rates[cells]


def reliability(p: np.ndarray, y: np.ndarray, equal_rows: bool) -> list[tuple[str, int, float,
                                                                              float]]:
    """(bin, rows, mean predicted, observed rate) for tenths of the chance or, with
    ``equal_rows``, deciles of the rows ordered by chance."""
    out = []
    if equal_rows:
        order = np.argsort(p, kind="stable")
        for k, chunk in enumerate(np.array_split(order, 10)):
            out.append((f"decile {k + 1}", len(chunk), float(p[chunk].mean()),
                        float(y[chunk].mean())))
        return out
    for k in range(10):
        low, high = k / 10, (k + 1) / 10
        pick = (p >= low) & ((p < high) if k < 9 else (p <= high))
        if pick.any():
            out.append((f"{low:.1f}-{high:.1f}", int(pick.sum()), float(p[pick].mean()),
                        float(y[pick].mean())))
    return out


def warnings(data: dict[str, np.ndarray], p: np.ndarray, pick: np.ndarray, threshold: float,
             sure: dict[int, int]) -> dict[str, Any]:
    """For the shot hands among the rows ``pick``: per (hand, observer), the first
    trick the shooter's chance reached ``threshold``, and the tricks of warning
    before ``sure[hand]``; also how often a seat that did not shoot reached it."""
    hand, obs, target = data["hand"][pick], data["observer"][pick], data["target"][pick]
    trick, label, q = data["trick"][pick], data["label"][pick], p[pick]
    first: dict[tuple[int, int, int], int] = {}
    shot_pairs: set[tuple[int, int, int]] = set()
    pairs: set[tuple[int, int, int]] = set()
    for h, o, t, k, lab, value in zip(hand, obs, target, trick, label, q, strict=True):
        key = (int(h), int(o), int(t))
        pairs.add(key)
        if lab:
            shot_pairs.add(key)
        if value >= threshold and key not in first:
            first[key] = int(k)
    warned = [key for key in shot_pairs if key in first]
    leads = [sure[key[0]] - first[key] for key in warned if key[0] in sure]
    quiet = [key for key in pairs if key not in shot_pairs]
    return {
        "shooter_views": len(shot_pairs),
        "warned": len(warned),
        "warned_share": len(warned) / max(1, len(shot_pairs)),
        "mean_warning_tricks": float(np.mean(leads)) if leads else 0.0,
        "median_warning_tricks": float(np.median(leads)) if leads else 0.0,
        "warned_before_sure": sum(1 for lead in leads if lead > 0) / max(1, len(shot_pairs)),
        "mean_first_trick": float(np.mean([first[k] for k in warned])) if warned else 0.0,
        "false_alarm_share": sum(1 for k in quiet if k in first) / max(1, len(quiet)),
    }


def decision_rate(data: dict[str, np.ndarray], p: np.ndarray, split: int,
                  threshold: float) -> float:
    """The share of the split's decisions at which some seat's chance reached
    ``threshold`` (decisions with no row count as below it)."""
    pick = (data["split"] == split) & (p >= threshold)
    keys = set(zip(data["hand"][pick].tolist(), data["decision"][pick].tolist(), strict=True))
    hands = data["hands"]
    total = int(hands[hands[:, 1] == split, 2].sum())
    return len(keys) / max(1, total)


def save(path: Path, net: Net, mean: np.ndarray, scale: np.ndarray, names: list[str],
         trained: dict[str, Any]) -> str:
    """Write the weights file; its fingerprint."""
    body = {
        "format": MODEL_FORMAT, "signs": names,
        "mean": [round(float(v), 7) for v in mean],
        "scale": [round(float(v), 7) for v in scale],
        "hidden": [[round(float(v), 7) for v in column] for column in net.w1.T],
        "hidden_bias": [round(float(v), 7) for v in net.b1],
        "out": [round(float(v), 7) for v in net.w2], "out_bias": round(float(net.b2[0]), 7),
        "trained": trained,
    }
    body["fingerprint"] = fingerprint(body)
    path.write_text(json.dumps(body, indent=1) + "\n", encoding="utf-8")
    return str(body["fingerprint"])


def sure_tricks(data: dict[str, np.ndarray]) -> dict[int, int]:
    """For each hand with a shot: the first trick from which it was sure
    (:func:`moon_sure.sure_trick`)."""
    hands = data["hands"]
    return {int(h[0]): int(h[4]) for h in hands if h[3] >= 0}


def network_forecast(path: Path, x: np.ndarray) -> np.ndarray:
    """The chances a weights file gives the rows ``x`` (numpy's forward pass of
    :class:`~hearts.ai.moonmodel.MoonModel`)."""
    body = json.loads(path.read_text(encoding="utf-8"))
    z = (x - np.asarray(body["mean"])) / np.asarray(body["scale"])
    h = np.tanh(z @ np.asarray(body["hidden"]).T + np.asarray(body["hidden_bias"]))
    return _sigmoid(h @ np.asarray(body["out"]) + body["out_bias"])


def main(argv: list[str] | None = None) -> int:
    """Run the command line."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("rows", type=Path, nargs="+")
    parser.add_argument("--out", type=Path, help="train, and write the weights here")
    parser.add_argument("--weights", type=Path, help="report on these weights, not training")
    parser.add_argument("--test", type=Path, nargs="*", default=[],
                        help="rows files to report on instead of the test split")
    parser.add_argument("--report", type=Path)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hidden", type=int, default=32)
    args = parser.parse_args(argv)
    if (args.out is None) == (args.weights is None):
        parser.error("give --out (train) or --weights (report only)")
    data = load(args.rows + args.test)
    names = [str(n) for n in np.load(args.rows[0])["names"]]
    if args.test:
        # Rows of the --test files are the test; the test split of the others is left out.
        extra = data["hand"] >= len(args.rows) * 10**9
        data["split"] = np.where(extra, 2, np.where(data["split"] == 2, 3, data["split"]))
        hands = data["hands"]
        hands[:, 1] = np.where(hands[:, 0] >= len(args.rows) * 10**9, 2,
                               np.where(hands[:, 1] == 2, 3, hands[:, 1]))
    x = data["x"].astype(np.float64)
    y = data["label"].astype(np.float64)
    train, valid, test = (data["split"] == k for k in range(3))
    mean = x[train].mean(axis=0)
    scale = x[train].std(axis=0)
    mean[0], scale[0] = 0.0, 1.0
    scale[scale < 1e-6] = 1.0
    z = (x - mean) / scale
    print(f"rows: train {train.sum()}, validation {valid.sum()}, test {test.sum()}; "
          f"shots {y[train].mean():.4f} {y[valid].mean():.4f} {y[test].mean():.4f}",
          file=sys.stderr)
    cells = rule_cells(data, names)
    forecasts = {
        "constant": np.full(len(y), y[train].mean()),
        "constant at the test's rate": np.full(len(y), y[test].mean()),
        "watch": table_forecast(data["watch"], y, train, 3),
        "rule table": table_forecast(cells, y, train, 3 * 2 * 2 * 4),
        "logistic": _sigmoid(z @ train_logistic(z[train], y[train])),
    }
    if args.out is not None:
        net, history = train_net(z[train], y[train], z[valid], y[valid], args.hidden, args.seed)
        trained = {"rows": int(train.sum()), "files": [p.name for p in args.rows],
                   "seed": args.seed, "hidden": args.hidden, "epochs": len(history),
                   "validation_log_loss": round(min(history), 6)}
        print(f"fingerprint {save(args.out, net, mean, scale, names, trained)}",
              file=sys.stderr)
        args.weights = args.out
    forecasts["network"] = network_forecast(args.weights, x)
    model = MoonModel.load(args.weights)
    sample = np.flatnonzero(test)[:200]
    mine = np.array([model.chance(list(map(float, data["x"][i]))) for i in sample])
    assert np.allclose(mine, forecasts["network"][sample], atol=1e-6), "the shipped model differs"
    report = _report(data, forecasts, y, test, valid, names, model.fingerprint)
    text = "\n".join(report) + "\n"
    if args.report:
        args.report.write_text(text, encoding="utf-8")
    print(text)
    return 0


def _report(data: dict[str, np.ndarray], forecasts: dict[str, np.ndarray], y: np.ndarray,
            test: np.ndarray, valid: np.ndarray, names: list[str],
            weights: str) -> list[str]:
    lines = [f"# The moon-threat model {weights}: calibration on held-out hands", ""]
    lines.append(f"Rows: {int(test.sum())} test rows from "
                 f"{len(np.unique(data['hand'][test]))} hands, "
                 f"{int(y[test].sum())} of them the seat that shot.")
    lines += ["", "| forecast | Brier (test) | log loss (test) | Brier (validation) |",
              "|---|---:|---:|---:|"]
    for name, p in forecasts.items():
        lines.append(f"| {name} | {brier(p[test], y[test]):.5f} | {log_loss(p[test], y[test]):.5f}"
                     f" | {brier(p[valid], y[valid]):.5f} |")
    for name in ("network", "rule table"):
        for equal_rows in (False, True):
            kind = "deciles of the rows" if equal_rows else "tenths of the chance"
            lines += ["", f"Reliability of the {name}, by {kind} (test):", "",
                      "| bin | rows | predicted | observed |", "|---|---:|---:|---:|"]
            for label, count, predicted, observed in reliability(forecasts[name][test],
                                                                 y[test], equal_rows):
                lines.append(f"| {label} | {count} | {predicted:.4f} | {observed:.4f} |")
    sure = sure_tricks(data)
    lines += ["", "Warning on the test hands where a seat shot: of the other seats' views of "
              "the shooter, the share that reached the threshold at some decision, the mean "
              "and median tricks between the first such decision and the trick from which the "
              "shooter won every trick (the sure trick), the share warned before it, the mean "
              "trick of the first warning; then the share of the views of seats that did not "
              "shoot that reached it (false alarms), and the share of all decisions at which "
              "some seat reached it.", "",
              ]
    shots = data["hands"][(data["hands"][:, 1] == 2) & (data["hands"][:, 3] >= 0)]
    lines += [f"The sure trick: the first from which the shooter, every card in view, took "
              f"every point whatever the others played (`lab/tools/moon_sure.py`); of the "
              f"{len(shots)} test hands with a moon, {int(shots[:, 5].sum())} searches ran over "
              f"budget (their sure trick may be late), and the moon was sure at trick "
              f"{float(shots[:, 4].mean()) if len(shots) else 0.0:.2f} on average.", "",
              "| forecast | threshold | warned | mean warning | median | before sure "
              "| first trick | false alarms | decisions |",
              "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    strong = float(forecasts["watch"][test & (data["watch"] == 2)].min()) \
        if (test & (data["watch"] == 2)).any() else 1.0
    settings = [("watch (strong sign)", strong)]
    settings += [("rule table", t) for t in (0.1, 0.2, 0.3)]
    settings += [("network", t) for t in (0.1, 0.2, 0.3, 0.4, 0.5)]
    for name, threshold in settings:
        key = name.split(" (")[0]
        found = warnings(data, forecasts[key], test, threshold, sure)
        rate = decision_rate(data, forecasts[key], 2, threshold)
        lines.append(
            f"| {name} | {threshold:.3f} | {found['warned_share']:.3f} "
            f"| {found['mean_warning_tricks']:.2f} | {found['median_warning_tricks']:.1f} "
            f"| {found['warned_before_sure']:.3f} | {found['mean_first_trick']:.2f} "
            f"| {found['false_alarm_share']:.4f} | {rate:.4f} |")
    return lines


if __name__ == "__main__":
    sys.exit(main())
