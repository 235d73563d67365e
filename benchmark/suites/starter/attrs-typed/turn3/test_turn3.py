from typing import Annotated, Any, Literal, Optional

import attr
import pytest

from attrs_typed.check import auto_validate, validator_for


@attr.define(field_transformer=auto_validate)
class Order:
    item: str
    qty: int = 1
    price: float = 0.0
    status: Literal["new", "paid"] = "new"
    flag: Literal[0, 1] = 0
    tags: list[str] = attr.Factory(list)
    coupon: Optional[str] = None
    ref: Annotated[int, "db id"] = 0
    extra: Any = None
    size: int = attr.field(default=1, validator=attr.validators.ge(0))


def test_valid_values():
    assert repr(Order('pen')) == (
        "Order(item='pen', qty=1, price=0.0, status='new', flag=0, tags=[], coupon=None, ref=0, extra=None, size=1)"
    )


def test_library_semantics_of_membership_and_instances():
    order = Order('pen', qty=True, flag=True, tags=['a'], coupon='X', ref=5, extra=object, size=0)
    assert repr(order) == (
        "Order(item='pen', qty=True, price=0.0, status='new', flag=True, tags=['a'], coupon='X', ref=5, "
        "extra=<class 'object'>, size=0)"
    )


def test_validators_of_types():
    assert repr(validator_for(int)) == "<instance_of validator for type <class 'int'>>"
    assert repr(validator_for(Annotated[float, 'x'])) == "<instance_of validator for type <class 'float'>>"
    assert repr(validator_for(dict)) == "<instance_of validator for type <class 'dict'>>"
    assert repr(validator_for(Optional[str])) == "<optional validator for <instance_of validator for type <class 'str'>> or None>"
    assert repr(validator_for(Literal['a', 'b'])) == "<in_ validator with options ('a', 'b')>"


def test_validators_of_lists():
    assert repr(validator_for(list[int])) == (
        "<deep_iterable validator for <instance_of validator for type <class 'list'>> "
        "iterables of <instance_of validator for type <class 'int'>>>"
    )
    assert repr(validator_for(list)) == "<instance_of validator for type <class 'list'>>"
    assert repr(validator_for(list[Any])) == "<instance_of validator for type <class 'list'>>"


def test_types_without_a_validator():
    assert validator_for(Any) is None
    assert validator_for(int | str) is None
    assert validator_for(dict[str, int]) is None
    assert attr.fields(Order).extra.validator is None


def test_wrong_instances_raise_type_errors():
    with pytest.raises(TypeError) as info:
        Order('pen', price=1)
    assert info.value.args[0] == "'price' must be <class 'float'> (got 1 that is a <class 'int'>)."
    assert info.value.args[2:] == (float, 1)
    for bad in [{'coupon': 5}, {'ref': '1'}, {'tags': ('a',)}, {'tags': ['a', 1]}]:
        with pytest.raises(TypeError):
            Order('pen', **bad)


def test_values_outside_a_literal_raise_value_errors():
    with pytest.raises(ValueError) as info:
        Order('pen', status='NEW')
    assert info.value.args[0] == "'status' must be in ('new', 'paid') (got 'NEW')"
    with pytest.raises(ValueError):
        Order('pen', flag=2)


def test_own_validators_run_first():
    assert repr(attr.fields(Order).size.validator) == (
        "_AndValidator(_validators=(<Validator for x >= 0>, <instance_of validator for type <class 'int'>>))"
    )
    with pytest.raises(ValueError):
        Order('pen', size=-1)
    with pytest.raises(TypeError):
        Order('pen', size=2.5)


def test_first_field():
    with pytest.raises(TypeError) as info:
        Order(3)
    assert info.value.args[0] == "'item' must be <class 'str'> (got 3 that is a <class 'int'>)."


def test_assignment_is_validated():
    order = Order('pen')
    with pytest.raises(TypeError):
        order.qty = 'x'
    order.qty = 4
    assert order.qty == 4
