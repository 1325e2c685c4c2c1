"""A protocol bot for tests: plays the first legal card, and misbehaves on request.

    python fakebot.py MODE [AT [ONCE]]

MODE is ``good`` or the fault to commit at play request number AT (default 1);
with a file name ONCE the fault is committed only while that file does not
exist, and commits it creates the file (so a resumed run plays on):
``illegal`` (a card not allowed), ``garbage`` (a line that is not JSON),
``wrong`` (an answer without a card), ``silent`` (no answer at all), ``crash``
(exit at once), ``greeting`` (a bad ready line). Everything it reads is echoed
to stderr, which the arena keeps in a log file.
"""

import json
import sys
import time
from pathlib import Path
from typing import Any


def main() -> None:
    mode = sys.argv[1]
    at = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    once = Path(sys.argv[3]) if len(sys.argv) > 3 else None
    if once is not None and once.exists():
        mode = "good"
    plays = 0
    for line in sys.stdin:
        print("got", line[:40], file=sys.stderr, flush=True)
        message = json.loads(line)
        answer: dict[str, Any]
        if message["type"] == "hello":
            answer = ({"type": "ready", "protocol": 99} if mode == "greeting" else
                      {"type": "ready", "protocol": 1, "name": f"fake-{mode}", "version": "7"})
        elif message["type"] == "pass":
            answer = {"id": message["id"], "cards": message["view"]["hand"][:3]}
            if "QS" in answer["cards"]:
                answer["cards"] = [c for c in message["view"]["hand"] if c != "QS"][:3]
        else:
            plays += 1
            view = message["view"]
            answer = {"id": message["id"], "card": view["legal"][0]}
            if plays == at and mode != "good":
                if once is not None:
                    once.touch()
                if mode == "illegal":
                    answer["card"] = next(c for c in view["played"] + ["2C"]
                                          if c not in view["hand"])
                elif mode == "garbage":
                    sys.stdout.write("I play the queen!\n")
                    sys.stdout.flush()
                    continue
                elif mode == "wrong":
                    answer = {"id": message["id"], "cards": ["2C"]}
                elif mode == "silent":
                    time.sleep(60)
                elif mode == "crash":
                    sys.exit(3)
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
