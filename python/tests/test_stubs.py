"""The type stubs name everything the extension module has, so that editors complete it all."""

import ast
import inspect
import pathlib

import poker_ai
from poker_ai import _core


def stub_names():
    tree = ast.parse((pathlib.Path(poker_ai.__file__).parent / "_core.pyi").read_text())
    top, members = set(), {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            top.add(node.name)
            members[node.name] = {
                n.target.id if isinstance(n, ast.AnnAssign) else n.name
                for n in node.body if isinstance(n, (ast.FunctionDef, ast.AnnAssign))}
        elif isinstance(node, ast.FunctionDef):
            top.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            top.add(node.target.id)
    return top, members


def test_every_public_name_and_member_has_a_stub():
    top, members = stub_names()
    public = {n for n in dir(_core) if not n.startswith("_")}
    assert public - top == set()
    for name in public:
        cls = getattr(_core, name)
        if not inspect.isclass(cls) or issubclass(cls, BaseException):
            continue
        own = {m for m in vars(cls) if not m.startswith("_")}
        assert own - members[name] == set(), name


def test_everything_public_has_a_docstring():
    for name in dir(_core):
        obj = getattr(_core, name)
        if name.startswith("_") or not (inspect.isclass(obj) or callable(obj)):
            continue
        assert (obj.__doc__ or "").strip(), name
