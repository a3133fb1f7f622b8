"""Renders fastmcp.tools.json: tool catalogs as a FastMCP server (the MCP
Python SDK's mcp.server.fastmcp) sends them, written by pydantic.

FastMCP turns each tool function's signature into one pydantic model named
"<function>Arguments" (pydantic.create_model over a BaseModel base that
allows arbitrary types) and sends model_json_schema(by_alias=True) as the
tool's inputSchema; a tool that returns a BaseModel gets that model's
model_json_schema(mode="serialization") as its outputSchema, and one that
returns anything else a "<function>Output" model with a single "result"
field. This script does the same with the pinned pydantic (requirements.txt)
so that no MCP package is needed.

Run from this folder: python3 render.py > fastmcp.tools.json
"""

import datetime
import decimal
import enum
import inspect
import ipaddress
import json
import pathlib
import re
import sys
import uuid
from typing import Annotated, Any, Literal, Optional, Union

import pydantic
from pydantic import (
    AnyUrl,
    Base64Bytes,
    Base64Str,
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    HttpUrl,
    NonNegativeInt,
    PositiveInt,
    SecretBytes,
    SecretStr,
    StringConstraints,
    Tag,
    conint,
    condecimal,
    confloat,
    constr,
    create_model,
)

PINNED = "2.13.4"


class ArgModelBase(BaseModel):
    """The base FastMCP gives every arguments model."""

    model_config = ConfigDict(arbitrary_types_allowed=True)


# --- the types the tools use ------------------------------------------------


class Color(str, enum.Enum):
    RED = "red"
    GREEN = "green"
    BLUE = "blue"


class Priority(enum.IntEnum):
    LOW = 1
    MEDIUM = 2
    HIGH = 3


class Address(BaseModel):
    """A postal address."""

    street: str = Field(min_length=1, description="Street and number.")
    city: str
    postcode: Annotated[str, StringConstraints(pattern=r"^[0-9]{5}$")]
    country: Annotated[str, StringConstraints(min_length=2, max_length=2, to_upper=True)] = "DE"


class Contact(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    email: Annotated[str, Field(json_schema_extra={"format": "email"})]
    phone: Optional[str] = None


class Cat(BaseModel):
    kind: Literal["cat"]
    lives: conint(ge=0, le=9) = 9


class Dog(BaseModel):
    kind: Literal["dog"]
    good: bool = True


class Bird(BaseModel):
    # The tag has a default: the member is optional in the schema.
    kind: Literal["bird"] = "bird"
    wingspan_cm: float


class Shape(str, enum.Enum):
    CIRCLE = "circle"
    SQUARE = "square"


class Circle(BaseModel):
    shape: Literal[Shape.CIRCLE]
    radius: confloat(gt=0)


class Square(BaseModel):
    shape: Literal[Shape.SQUARE]
    side: confloat(gt=0)


class ByEmail(BaseModel):
    email: str
    verified: bool = False


class ByPhone(BaseModel):
    email: Optional[str] = None
    phone: str


class Card(BaseModel):
    method: Literal["card"]
    last4: Annotated[str, StringConstraints(pattern=r"^\d{4}$")]


class Transfer(BaseModel):
    method: Literal["transfer"]
    iban: Annotated[str, StringConstraints(min_length=15, max_length=34)]


def payment_tag(v: Any) -> str:
    if isinstance(v, dict):
        return v.get("method", "card")
    return getattr(v, "method", "card")


class TreeNode(BaseModel):
    """A node of a tree of any depth."""

    label: str
    children: list["TreeNode"] = []
    parent: Optional["TreeNode"] = None


class Employee(BaseModel):
    name: str
    team: Optional["Team"] = None


class Team(BaseModel):
    name: str
    lead: Employee
    members: list[Employee] = Field(default_factory=list)


class Credentials(BaseModel):
    # Look-around needs Python's re engine; pydantic's default engine refuses it.
    model_config = ConfigDict(regex_engine="python-re")

    user: str
    password: Annotated[str, StringConstraints(pattern=r"^(?=.*[0-9])(?=.*[a-z]).{8,}$")]


class Money(BaseModel):
    amount: condecimal(max_digits=12, decimal_places=2)
    currency: Annotated[str, StringConstraints(pattern=r"^[A-Z]{3}$")]


class Receipt(BaseModel):
    id: uuid.UUID
    total_cents: int
    created: datetime.datetime
    lines: list[str]


class Invoice(BaseModel):
    number: str
    total: Money


# --- the tools: one function each, as a FastMCP server declares them ---------


def check_strings(
    email: Annotated[str, Field(json_schema_extra={"format": "email"}, description="Where to write.")],
    homepage: AnyUrl,
    callback: HttpUrl,
    request_id: uuid.UUID,
    at: datetime.datetime,
    day: datetime.date,
    clock: datetime.time,
    wait: datetime.timedelta,
    ip4: ipaddress.IPv4Address,
    ip6: ipaddress.IPv6Address,
    any_ip: pydantic.IPvAnyAddress,
    network: ipaddress.IPv4Network,
    slug: constr(pattern=r"^[a-z0-9]+(?:-[a-z0-9]+)*$", min_length=3, max_length=40),
    prefixed: Annotated[str, StringConstraints(pattern=r"^ord_")],
    code: Annotated[str, StringConstraints(min_length=6, max_length=6, strip_whitespace=True)],
    regex: re.Pattern,
    path: pathlib.Path,
    uuid4: pydantic.UUID4,
) -> str:
    """Strings with formats and constraints."""


def check_patterns(login: Credentials, hex_color: Annotated[str, StringConstraints(pattern=r"^#[0-9a-fA-F]{6}$")]) -> None:
    """ECMA-262 patterns, look-around among them (a real password policy)."""


def check_decimals(
    price: decimal.Decimal,
    amount: condecimal(max_digits=8, decimal_places=2, ge=0),
) -> Invoice:
    """Decimals: pydantic accepts a number or a numeric string."""


def check_numbers(
    count: int,
    ratio: float,
    percent: conint(ge=0, le=100),
    positive: PositiveInt,
    non_negative: NonNegativeInt,
    exclusive: confloat(gt=0, lt=1),
    step: Annotated[int, Field(multiple_of=5)],
    finite: confloat(allow_inf_nan=False),
    int_or_float: Union[int, float],
    big: Annotated[int, Field(ge=-(2**63), le=2**63 - 1)],
    huge: Annotated[int, Field(le=10**30)],
) -> float:
    """Numbers: integers, floats, bounds, multipleOf, decimals."""


def check_choices(
    flag: bool,
    color: Color,
    priority: Priority,
    size: Literal["s", "m", "l"],
    level: Literal[1, 2, 3],
    mixed: Literal["auto", 0],
    fixed: Literal["v1"],
    tone: Color = Color.RED,
    maybe_color: Optional[Color] = None,
    colors: list[Color] = [],
) -> None:
    """Booleans, enums (string, integer, native), literals."""


def check_optionality(
    required_text: str,
    nullable_required: Optional[str],
    optional_text: Optional[str] = None,
    with_default: int = 5,
    text_or_none: str | None = "x",
    address: Address = Field(description="Where to ship."),
    billing: Optional[Address] = None,
    contact: Contact | None = None,
    tags: list[str] = Field(default_factory=list),
    aliased: Annotated[int, Field(alias="aliasedName")] = 0,
    old: Annotated[Optional[str], Field(deprecated=True)] = None,
) -> Receipt:
    """Required, optional, nullable and defaulted fields; nested models."""


def check_collections(
    names: Annotated[list[str], Field(min_length=1, max_length=10)],
    pair: tuple[int, str],
    point: tuple[float, float, float],
    numbers: tuple[int, ...],
    unique: set[str],
    frozen: frozenset[int],
    counts: dict[str, int],
    coded: dict[Annotated[str, StringConstraints(pattern=r"^[A-Z]{2}$")], float],
    by_color: dict[Color, int],
    bounded_keys: dict[Annotated[str, StringConstraints(max_length=8)], str],
    addresses: list[Address],
    by_name: dict[str, Address],
    matrix: list[list[float]],
) -> dict[str, int]:
    """Lists, tuples, sets, dicts with key constraints."""


def check_unions(
    pet: Annotated[Union[Cat, Dog], Field(discriminator="kind")],
    animal: Annotated[Union[Cat, Dog, Bird], Field(discriminator="kind")],
    shape: Annotated[Union[Circle, Square], Field(discriminator="shape")],
    payment: Annotated[
        Union[Annotated[Card, Tag("card")], Annotated[Transfer, Tag("transfer")]],
        Discriminator(payment_tag),
    ],
    pets: list[Annotated[Union[Cat, Dog], Field(discriminator="kind")]],
    scalar: Union[int, str],
    scalar_or_list: Union[str, list[str]],
    who: Union[ByEmail, ByPhone],
    maybe_pet: Optional[Annotated[Union[Cat, Dog], Field(discriminator="kind")]] = None,
) -> None:
    """Discriminated unions (plain, defaulted tag, enum tag, callable) and plain unions."""


def check_recursive(root: TreeNode, team: Team) -> TreeNode:
    """Recursive and mutually recursive models."""


def check_annotations(
    title: Annotated[str, Field(title="The Title", description="A described, titled field.", examples=["Hello"])],
    secret: SecretStr,
    secret_bytes: SecretBytes,
    raw: bytes,
    b64: Base64Bytes,
    b64_text: Base64Str,
    anything: Any,
    payload: dict[str, Any],
    extra_schema: Annotated[int, Field(json_schema_extra={"x-unit": "ms"})] = 100,
) -> Receipt:
    """Titles, descriptions, examples, secrets, bytes and untyped values."""


TOOLS = [
    check_strings,
    check_patterns,
    check_numbers,
    check_decimals,
    check_choices,
    check_optionality,
    check_collections,
    check_unions,
    check_recursive,
    check_annotations,
]


def arguments_model(fn) -> type[BaseModel]:
    fields = {}
    for name, p in inspect.signature(fn).parameters.items():
        default = ... if p.default is inspect.Parameter.empty else p.default
        fields[name] = (p.annotation, default)
    return create_model(f"{fn.__name__}Arguments", __base__=ArgModelBase, **fields)


def output_schema(fn) -> Optional[dict]:
    ret = inspect.signature(fn).return_annotation
    if ret is None or ret is inspect.Signature.empty:
        return None
    if inspect.isclass(ret) and issubclass(ret, BaseModel):
        return ret.model_json_schema(mode="serialization")
    wrapped = create_model(f"{fn.__name__}Output", result=(ret, ...))
    return wrapped.model_json_schema(mode="serialization")


def main() -> None:
    if pydantic.VERSION != PINNED:
        sys.exit(f"render.py: pydantic {pydantic.VERSION} is installed; the corpus is rendered by {PINNED}")
    Employee.model_rebuild()
    tools = []
    for fn in TOOLS:
        tool = {
            "name": fn.__name__,
            "description": inspect.getdoc(fn),
            "inputSchema": arguments_model(fn).model_json_schema(by_alias=True),
        }
        out = output_schema(fn)
        if out is not None:
            tool["outputSchema"] = out
        tools.append(tool)
    json.dump({"tools": tools}, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
