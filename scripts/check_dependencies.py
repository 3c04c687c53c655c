#!/usr/bin/env python3
"""Fails when a module of the package depends on a module of its own layer or a higher one,
or imports a module that Package.swift does not give it.

The layers are written once, in LAYERS below (docs/architecture.md explains them). Library
targets and the `daybook` CLI are checked; test targets, the test support target and the tool
executables (benches, conformance, fuzz) may depend on anything.

Every target's imports are checked against its declared dependencies: its targets, and the
modules of its products (PRODUCT_MODULES), besides the toolchain's own (SYSTEM_MODULES).

    python3 scripts/check_dependencies.py               runs `swift package dump-package`
    python3 scripts/check_dependencies.py FILE.json     reads that command's output from a file
    python3 scripts/check_dependencies.py --self-test   checks the checker on made-up packages

Source files are read too: SwiftPM lets a module import another that happens to be built
already (a product's own dependency, a target another one depends on), so an import the
manifest does not name builds today and breaks when the build order changes.

Exit status 0 when every edge points down, 1 with one line per wrong edge on standard error,
2 when the package description cannot be read.
"""

import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

# Bottom first. A module may use the modules of the layers below its own; modules that share a
# layer never use each other. The store sits below the photo readers: it keeps what ingest read
# and must never load libexif, libjpeg or libheif.
LAYERS = [
    ("core", ["DaybookCore"]),
    ("support", ["DaybookSupport"]),
    ("library loading", ["CLibraryLoader"]),
    ("network library", ["CCurl"]),
    ("network", ["DaybookNetwork"]),
    ("embedded data", ["CEmbedded"]),
    ("embedded files", ["DaybookEmbedded", "CEmbeddedWeb"]),
    ("places, weather", ["DaybookPlaces", "DaybookWeather"]),
    ("store", ["DaybookStore"]),
    ("presentation", ["DaybookPresentation"]),
    ("image libraries", ["CExif", "CJPEG", "CHeif", "CRaw", "CSpng", "CWebP", "CGif", "CFFmpeg"]),
    ("photo readers", ["DaybookMetadata", "DaybookImaging"]),
    ("tagging", ["DaybookTagging"]),
    ("ingest", ["DaybookIngest"]),
    ("services", ["DaybookWatch", "DaybookWeb", "DaybookReminders"]),
    ("command line", ["DaybookCommandLine"]),
    ("cli", ["daybook"]),
]

# Shared code of the tool executables (the benchmarks' medians and tables): a tool itself.
TOOL_SUPPORT = {"DaybookBenchSupport"}

# What the toolchain provides: a target imports these without naming them.
SYSTEM_MODULES = {
    "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
    "CoreFoundation", "Dispatch", "Synchronization", "Observation", "RegexBuilder", "Distributed", "_Concurrency",
    "Swift", "Glibc", "Musl", "Darwin", "Android", "WinSDK", "os", "XCTest", "Testing",
}

# The modules a product of another package provides, when they are not just the product's name.
PRODUCT_MODULES = {}

# Test targets that play a client of the package: they may use only the modules of its library
# products, so that what the public API needs is a product too.
CLIENT_TARGETS = {"ClientTests"}

LAYER_OF = {module: index for index, (_, modules) in enumerate(LAYERS) for module in modules}


def short(module):
    """`DaybookStore` is "store" in messages; C shims keep their names."""
    return module[len("Daybook"):].lower() if module.startswith("Daybook") else module


def is_exempt(target):
    """Tests, the test support target and tool executables may depend on anything."""
    if target["name"] in LAYER_OF:
        return False
    return (
        target["name"] in TOOL_SUPPORT
        or target["type"] in ("test", "executable", "plugin", "macro")
        or (target.get("path") or "").startswith("Tests/")
    )


def local_dependencies(target, local_names):
    """Names of this package's targets that `target` depends on (products of other packages are
    not layered here)."""
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target"):
            if kind in dependency and dependency[kind][0] in local_names:
                yield dependency[kind][0]


def declared_modules(target):
    """The modules `target` may import: the targets it names and its products' modules."""
    names = set()
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target"):
            if kind in dependency:
                names.add(dependency[kind][0])
        if "product" in dependency:
            product = dependency["product"][0]
            names.update(PRODUCT_MODULES.get(product, [product]))
    return names


IMPORT = re.compile(
    r"^[ \t]*(?:@\w+[ \t]+)*(?:(?:public|package|internal|fileprivate|private)[ \t]+)?"
    r"import[ \t]+(?:(?:struct|enum|class|func|var|let|protocol|typealias)[ \t]+)?(\w+)",
    re.MULTILINE,
)


def source_imports(target, root):
    """Modules the target's Swift files import, with the first file that does; none when there
    is no source folder (a package description read from a file)."""
    default = os.path.join("Tests" if target["type"] == "test" else "Sources", target["name"])
    folder = os.path.join(root, target.get("path") or default)
    found = {}
    for directory, _, files in sorted(os.walk(folder)):
        for name in sorted(files):
            if name.endswith(".swift"):
                path = os.path.join(directory, name)
                with open(path, encoding="utf-8", errors="replace") as file:
                    for module in IMPORT.findall(file.read()):
                        found.setdefault(module, os.path.relpath(path, root))
    return found


def problems(package, root=None):
    """One line per wrong edge or unplaced module, in the manifest's order; with `root`, the
    imports of the sources under it too."""
    targets = package["targets"]
    local_names = {target["name"] for target in targets}
    lines = []
    for target in targets:
        name = target["name"]
        if root is not None:
            lines += undeclared_imports(target, root)
        if is_exempt(target):
            continue
        if name not in LAYER_OF:
            lines.append(f"{name} is in no layer: add it to LAYERS in scripts/check_dependencies.py (docs/architecture.md)")
            continue
        level = LAYER_OF[name]
        allowed = ", ".join(short(m) for _, modules in LAYERS[:level] for m in modules) or "nothing of this package"
        for dependency in local_dependencies(target, local_names):
            if dependency not in LAYER_OF:
                lines.append(f"{name} → {dependency}: a library module may not use a test or tool target")
            elif LAYER_OF[dependency] > level:
                lines.append(f"{name} → {dependency} points up the pipeline ({short(name)} may use: {allowed})")
            elif LAYER_OF[dependency] == level:
                lines.append(
                    f"{name} → {dependency} stays in its own layer ({LAYERS[level][0]}: neither may use the other)"
                )
        if root is None:
            continue
        for module, path in source_imports(target, root).items():
            if module in LAYER_OF and module != name and LAYER_OF[module] >= level:
                lines.append(f"{path} imports {module}, which {short(name)} may not use ({short(name)} may use: {allowed})")
    return lines + client_problems(package)


def product_modules(package):
    """The package's own modules that its library products offer to other packages."""
    return {
        name
        for product in package.get("products", [])
        if "library" in product.get("type", {})
        for name in product.get("targets", [])
    }


def client_problems(package):
    """One line per module a client target uses that no library product offers."""
    offered = product_modules(package)
    local_names = {target["name"] for target in package["targets"]}
    return [
        f"{target['name']} → {dependency}: a client may use only the library products' modules ({', '.join(sorted(offered))})"
        for target in package["targets"]
        if target["name"] in CLIENT_TARGETS
        for dependency in local_dependencies(target, local_names)
        if dependency not in offered
    ]


def undeclared_imports(target, root):
    """One line per module the target's sources import that Package.swift does not give it."""
    allowed = declared_modules(target) | SYSTEM_MODULES | {target["name"]}
    return [
        f"{path} imports {module}, which {target['name']} does not declare in Package.swift"
        for module, path in source_imports(target, root).items()
        if module not in allowed
    ]


def dump_package(root):
    """The manifest as JSON, from SwiftPM itself."""
    result = subprocess.run(
        ["swift", "package", "dump-package"], cwd=root, capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        message = (result.stderr.strip().splitlines() or ["no output"])[-1]
        sys.exit(f"check_dependencies: `swift package dump-package` failed: {message}")
    return json.loads(result.stdout)


def main(arguments):
    if arguments == ["--self-test"]:
        suite = unittest.defaultTestLoader.loadTestsFromTestCase(SelfTest)
        return 0 if unittest.TextTestRunner(verbosity=1).run(suite).wasSuccessful() else 1
    if len(arguments) > 1 or (arguments and arguments[0].startswith("-")):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    if arguments:
        try:
            with open(arguments[0], encoding="utf-8") as file:
                package = json.load(file)
        except (OSError, ValueError) as error:
            print(f"check_dependencies: cannot read {arguments[0]}: {error}", file=sys.stderr)
            return 2
    else:
        package = dump_package(root)
    lines = problems(package, root)
    for line in lines:
        print(line, file=sys.stderr)
    if lines:
        print(f"check_dependencies: {len(lines)} dependency problem(s); the layers are in docs/architecture.md", file=sys.stderr)
        return 1
    checked = [t for t in package["targets"] if not is_exempt(t)]
    print(
        f"check_dependencies: {len(checked)} modules, every dependency points down the pipeline; "
        f"{len(package['targets'])} targets import only what they declare"
    )
    return 0


def target(name, kind="regular", dependencies=(), path=None):
    """A target as `swift package dump-package` writes it."""
    return {
        "name": name,
        "type": kind,
        "path": path,
        "dependencies": [{"byName": [d, None]} for d in dependencies]
        + [{"product": ["GRDB", "GRDB.swift", None, None]}],
    }


class SelfTest(unittest.TestCase):
    def package(self, *targets):
        return {"name": "Daybook", "targets": list(targets)}

    def test_a_store_that_uses_metadata_fails_with_one_line(self):
        package = self.package(
            target("DaybookCore"),
            target("DaybookMetadata", dependencies=["DaybookCore"]),
            target("DaybookStore", dependencies=["DaybookCore", "DaybookMetadata"]),
        )
        self.assertEqual(
            problems(package),
            [
                "DaybookStore → DaybookMetadata points up the pipeline "
                "(store may use: core, support, CLibraryLoader, CCurl, network, CEmbedded, embedded, CEmbeddedWeb, places, weather)"
            ],
        )

    def test_the_command_line_reads_a_file_and_exits_1(self):
        package = self.package(
            target("DaybookCore"), target("DaybookMetadata"), target("DaybookStore", dependencies=["DaybookMetadata"])
        )
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
            json.dump(package, file)
        try:
            result = subprocess.run(
                [sys.executable, os.path.abspath(__file__), file.name], capture_output=True, text=True, check=False
            )
        finally:
            os.unlink(file.name)
        self.assertEqual(result.returncode, 1)
        self.assertIn("DaybookStore → DaybookMetadata points up the pipeline", result.stderr)

    def test_downward_edges_products_tests_and_tools_pass(self):
        package = self.package(
            target("DaybookCore"),
            target("DaybookStore", dependencies=["DaybookCore"]),
            target("DaybookWeb", dependencies=["DaybookStore", "DaybookCore"]),
            target("daybook", "executable", ["DaybookWeb"]),
            target("DaybookTestSupport", path="Tests/TestSupport"),
            target("daybook-bench", "executable", ["DaybookWeb", "DaybookTestSupport"]),
            target("WebTests", "test", ["daybook", "DaybookWeb", "DaybookTestSupport"]),
        )
        self.assertEqual(problems(package), [])

    def test_modules_of_one_layer_do_not_use_each_other(self):
        package = self.package(target("DaybookWatch"), target("DaybookWeb", dependencies=["DaybookWatch"]))
        self.assertEqual(
            problems(package), ["DaybookWeb → DaybookWatch stays in its own layer (services: neither may use the other)"]
        )

    def test_an_import_the_manifest_does_not_name_is_refused(self):
        with tempfile.TemporaryDirectory() as root:
            os.makedirs(os.path.join(root, "Sources", "DaybookStore"))
            with open(os.path.join(root, "Sources", "DaybookStore", "Entry.swift"), "w") as file:
                file.write("import DaybookCore\n@testable import DaybookMetadata\n")
            package = self.package(target("DaybookCore"), target("DaybookStore", dependencies=["DaybookCore"]))
            self.assertEqual(
                problems(package, root),
                [
                    "Sources/DaybookStore/Entry.swift imports DaybookMetadata, which DaybookStore does not declare in Package.swift",
                    "Sources/DaybookStore/Entry.swift imports DaybookMetadata, which store may not use "
                    "(store may use: core, support, CLibraryLoader, CCurl, network, CEmbedded, embedded, CEmbeddedWeb, places, weather)"
                ],
            )

    @staticmethod
    def write(root, relative, text):
        path = os.path.join(root, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as file:
            file.write(text)

    def test_every_target_imports_only_what_it_declares(self):
        with tempfile.TemporaryDirectory() as root:
            # A lower layer the manifest does not name, and a product's dependency.
            self.write(root, "Sources/daybook/Main.swift", "import ArgumentParser\nimport DaybookCore\n")
            self.write(root, "Sources/DaybookWeb/Page.swift", "import Foundation\n@preconcurrency import NIOCore\nimport GRDB\n")
            # A test target's sources are under Tests/ unless it says otherwise.
            self.write(root, "Tests/WebTests/PageTests.swift", "import XCTest\n@testable import DaybookWeb\nimport HTTPTypes\n")
            package = self.package(
                target("DaybookCore"),
                target("DaybookWeb", dependencies=["DaybookCore"]),
                target("daybook", "executable", ["DaybookWeb"]),
                target("WebTests", "test", ["DaybookWeb"]),
            )
            package["targets"][2]["dependencies"].append({"product": ["ArgumentParser", "swift-argument-parser", None, None]})
            self.assertEqual(
                problems(package, root),
                [
                    "Sources/DaybookWeb/Page.swift imports NIOCore, which DaybookWeb does not declare in Package.swift",
                    "Sources/daybook/Main.swift imports DaybookCore, which daybook does not declare in Package.swift",
                    "Tests/WebTests/PageTests.swift imports HTTPTypes, which WebTests does not declare in Package.swift",
                ],
            )

    def test_declared_targets_products_and_the_toolchain_s_modules_may_be_imported(self):
        with tempfile.TemporaryDirectory() as root:
            self.write(
                root,
                "Sources/DaybookStore/Entry.swift",
                "#if canImport(Glibc)\n    import Glibc\n#endif\nimport Synchronization\n"
                "package import DaybookCore\nimport struct GRDB.Row\n// import Secret, in a comment's prose\n",
            )
            self.write(root, "Tests/TestSupport/Files.swift", "import Foundation\n")
            package = self.package(
                target("DaybookCore"),
                target("DaybookStore", dependencies=["DaybookCore"]),
                target("DaybookTestSupport", path="Tests/TestSupport"),
            )
            self.assertEqual(problems(package, root), [])

    def test_a_client_uses_only_what_the_library_products_offer(self):
        package = self.package(
            target("DaybookCore"),
            target("DaybookStore", dependencies=["DaybookCore"]),
            target("DaybookIngest", dependencies=["DaybookStore", "DaybookCore"]),
            target("ClientTests", "test", ["DaybookIngest", "DaybookStore", "DaybookCore"]),
        )
        package["products"] = [
            {"name": "daybook", "type": {"executable": None}, "targets": ["daybook"]},
            {"name": "DaybookIngest", "type": {"library": ["automatic"]}, "targets": ["DaybookIngest"]},
            {"name": "DaybookCore", "type": {"library": ["automatic"]}, "targets": ["DaybookCore"]},
        ]
        self.assertEqual(
            problems(package),
            ["ClientTests → DaybookStore: a client may use only the library products' modules (DaybookCore, DaybookIngest)"],
        )

    def test_a_new_module_must_be_placed_and_a_library_may_not_use_test_support(self):
        package = self.package(
            target("DaybookCore"),
            target("DaybookRaw", dependencies=["DaybookCore"]),
            target("DaybookTestSupport", path="Tests/TestSupport"),
            target("DaybookStore", dependencies=["DaybookTestSupport"]),
        )
        self.assertEqual(
            problems(package),
            [
                "DaybookRaw is in no layer: add it to LAYERS in scripts/check_dependencies.py (docs/architecture.md)",
                "DaybookStore → DaybookTestSupport: a library module may not use a test or tool target",
            ],
        )


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
