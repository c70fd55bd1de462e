"""The exceptions eureka raises for input a user can get wrong."""


class EurekaError(ValueError):
    """Base class: a problem with the input, explained in one line."""


class RulesError(EurekaError):
    """A ruleset that cannot be played (unknown operation, bad cap...)."""


class HandError(EurekaError):
    """Cards or a target that the game does not allow."""


class SearchTooLarge(EurekaError):
    """An input too large to search within the engine's limits."""


class ClaimSyntaxError(EurekaError):
    """A claimed equation that cannot be read; `position` is 1-based."""

    def __init__(self, message: str, position: int):
        super().__init__(f"{message} at position {position}")
        self.position = position
