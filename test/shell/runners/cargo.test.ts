import { runnerTable } from './helpers.js';

const files = {
  'Cargo.toml': '[workspace]\nmembers = ["crates/*", "xtask"]\n\n[workspace.dependencies]\nserde = "1"\n',
  'crates/ripgrep-core/Cargo.toml': '[package]\nname = "grep-core"\n\n[dependencies]\nregex = "1"\n',
  'crates/cli/Cargo.toml': '[package]\nname = "rg-cli"\n',
  'xtask/Cargo.toml': '[package]\nname = "xtask"\n',
  '.cargo/config.toml': '[alias]\nxtask = "run --package xtask --"\ndist = "xtask dist"\n',
};

runnerTable('cargo', files, [
  ['cargo build --release', '', []],
  ['cargo test -p grep-core', '', []],
  ['cargo test --package=rg-cli', '', []],
  ['cargo test -p regex', '', []],
  ['cargo test -p serde', '', []],
  ['cargo xtask codegen', '', []],
  ['cargo dist', '', []],
  ['cargo nextest run', '', []],
  ['cargo +nightly fmt', '', []],
  ['cargo clippy --all-targets -- -D warnings', '', []],
  ['cargo test -p grep_core', '', ['target not-defined grep_core @grep_core [grep-core,rg-cli,xtask]']],
  ['cargo codegen', '', ['target not-defined codegen @codegen [add,bench,build,check,clean,clippy,config,dist,doc,fetch,fix,fmt,generate-lockfile,git-checkout,help,info,init,install,locate-project,login,logout,metadata,miri,new,owner,package,pkgid,publish,read-manifest,remove,report,run,rustc,rustdoc,search,test,tree,uninstall,update,vendor,verify-project,version,xtask,yank]']],
  ['cargo test -p rg-cli', 'crates/cli', []],
]);
