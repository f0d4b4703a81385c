"""The type stubs (python/grundy/__init__.pyi) describe the module as it is."""

import ast
import inspect
import pathlib

import grundy

STUB = pathlib.Path(grundy.__file__).with_name("__init__.pyi")


def _stub():
    tree = ast.parse(STUB.read_text())
    classes, names = {}, set()
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            classes[node.name] = {
                n.name if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) else n.target.id
                for n in node.body
                if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.AnnAssign))
            }
            names.add(node.name)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return classes, names


# Aliases of the stub that name types, not members of the module.
TYPE_ALIASES = {"Whole", "Progress", "SearchProgress", "ParamValue", "PositionArg", "DataFrame"}


def test_every_public_name_has_a_stub():
    classes, names = _stub()
    for name in grundy.__all__:
        assert name in names, f"{name} has no stub in {STUB.name}"
    for name in names - TYPE_ALIASES:
        assert hasattr(grundy, name), f"the stub names {name}, which the module lacks"


def test_every_family_has_a_stub_of_its_kind():
    # Each family of the registry by name, typed as what it is: a Family when it has
    # parameters, a Ruleset otherwise (mypy then checks calls such as Octal("0.77")(10)).
    tree = ast.parse(STUB.read_text())
    kinds = {
        node.target.id: ast.unparse(node.annotation)
        for node in tree.body
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
    }
    for f in grundy.families():
        name = grundy.python_name(f.name)
        expected = "Family" if f.params else "Ruleset"
        assert kinds.get(name) == expected, f"{name}: stub {kinds.get(name)}, expected {expected}"
        assert type(getattr(grundy, name)).__name__ == expected


def test_every_class_member_has_a_stub():
    classes, _ = _stub()
    for name, stubbed in classes.items():
        cls = getattr(grundy, name)
        public = {
            attr for attr, _ in inspect.getmembers(cls)
            if not attr.startswith("__") or attr in ("__call__", "__getitem__", "__len__")
        }
        if issubclass(cls, BaseException):
            public = {"sequence"} & stubbed
        missing = public - stubbed
        assert not missing, f"{name}: {sorted(missing)} have no stub"
