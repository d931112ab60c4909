import { runnerTable } from './helpers.js';

const files = {
  'pyproject.toml': [
    '[project]',
    'name = "app"',
    'dependencies = ["fastapi>=0.110", "SQLAlchemy[asyncio]"]',
    '[project.scripts]',
    'app-cli = "app.cli:main"',
    '[dependency-groups]',
    'dev = ["pytest>=8", "ruff", "mypy", "poethepoet", "Sphinx"]',
    '[tool.poe.tasks]',
    'lint = "ruff check ."',
    'test = "pytest"',
    '"docs:build" = "sphinx-build docs out"',
    '[tool.pdm.scripts]',
    'serve = "uvicorn app:app"',
    '[tool.hatch.envs.default.scripts]',
    'cov = "pytest --cov"',
    '[tool.hatch.envs.docs.scripts]',
    'build = "mkdocs build"',
  ].join('\n'),
  'tox.ini': '[tox]\nenv_list = py311, lint\n[testenv:lint]\ncommands = ruff check\n[testenv:type]\ncommands = mypy\n',
  'noxfile.py': 'import nox\n\n@nox.session(python=["3.11", "3.12"])\ndef tests(session):\n    pass\n\n@nox.session(name="docs-build")\ndef docs(session):\n    pass\n\n@nox.session\ndef lint(session):\n    pass\n',
  'scripts/seed.py': '',
};

runnerTable('uv / poetry / pdm / hatch run', files, [
  ['uv run pytest -x', '', []],
  ['uv run ruff check .', '', []],
  ['uv run app-cli --help', '', []],
  ['uv run python -m app', '', []],
  ['uv run scripts/seed.py', '', []],
  ['uv run sphinx-build docs out', '', []],
  ['uv run --with httpx python x.py', '', []],
  ['uv run black .', '', ['script not-defined black @black [app-cli]']],
  ['uv sync --all-groups', '', []],
  ['poetry run pytest', '', []],
  ['poetry run flake8', '', ['script not-defined flake8 @flake8 [app-cli]']],
  ['pdm run serve', '', []],
  ['pdm run srve', '', ['script not-defined srve @srve [app-cli,serve]']],
  ['hatch run cov', '', []],
  ['hatch run docs:build', '', []],
  ['hatch run docs:serve', '', ['script not-defined serve @serve [app-cli,build]']],
  // An environment hatch does not define: "Environment `lint` is not defined".
  ['hatch run lint:style', '', ['target not-defined lint @lint [default,docs]']],
  // Matrix environments and hatch's internal ones are not expanded: never reported.
  ['hatch run test.py3.12:pytest', '', []],
  ['hatch run hatch-test:pytest', '', []],
  // `-e` before `run` selects the environment; `+py=3.12` selects matrix variables.
  ['hatch -e docs run build', '', []],
  ['hatch -e docs run serve', '', ['script not-defined serve @serve [app-cli,build]']],
  ['hatch --env lint run style', '', ['target not-defined lint @lint [default,docs]']],
  ['hatch run +py=3.12 cov', '', []],
]);

runnerTable('python lockfiles list transitive distributions', {
  'pyproject.toml': '[project]\nname = "app"\n[dependency-groups]\ndev = ["pytest-xdist"]\n',
  'uv.lock': 'version = 1\n\n[[package]]\nname = "execnet"\nversion = "2.1.1"\n\n[[package]]\nname = "pytest"\nversion = "8.3.3"\n',
}, [
  ['uv run pytest -n auto', '', []],
  ['uv run execnet', '', []],
  ['uv run coverage report', '', ['script not-defined coverage @coverage']],
]);

runnerTable('pytest-cov brings coverage', {
  'pyproject.toml': '[project]\nname = "app"\n[project.optional-dependencies]\ntest = ["pytest-cov>=5"]\n',
}, [['uv run coverage html', '', []]]);

runnerTable('hatch environments defined in hatch.toml', {
  'pyproject.toml': '[project]\nname = "app"\n',
  'hatch.toml': '[envs.lint.scripts]\nstyle = "ruff check"\n',
}, [['hatch run lint:style', '', []]]);

runnerTable('poe', files, [
  ['poe lint', '', []],
  ['uv run poe test', '', []],
  ['poetry poe docs:build', '', []],
  ['poe fmt', '', ['script not-defined fmt @fmt [docs:build,lint,test]']],
  ['uv run poe tset', '', ['script not-defined tset @tset [docs:build,lint,test]']],
]);

runnerTable('tox', files, [
  ['tox', '', []],
  ['tox -e lint', '', []],
  ['tox -e py312,type', '', []],
  ['tox -e lint,typing', '', ['target not-defined typing @typing [lint,py311,type]']],
]);

runnerTable('nox', files, [
  ['nox -s lint', '', []],
  ['nox -s tests-3.12', '', []],
  ['nox -s docs-build lint', '', []],
  ['nox -s docs', '', ['target not-defined docs @docs [docs-build,lint,tests]']],
]);
