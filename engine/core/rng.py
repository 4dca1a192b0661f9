"""The seeded generator every game keeps in its state.

SplitMix64: a few integer operations per draw, identical in CPython and Pyodide,
and a state that is one 64-bit number (kept as a hex string so that JSON readers
that use doubles, like JavaScript's, cannot round it).
"""

_MASK = (1 << 64) - 1


class Rng:
    __slots__ = ("state",)

    def __init__(self, state: int):
        self.state = state & _MASK

    @classmethod
    def from_seed(cls, seed: int) -> "Rng":
        return cls(int(seed) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019)

    @classmethod
    def load(cls, text: str) -> "Rng":
        return cls(int(text, 16))

    def dump(self) -> str:
        return format(self.state, "016x")

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (_MASK + 1) - ((_MASK + 1) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def choice(self, items):
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
