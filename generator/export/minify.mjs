// Minifies scripts and stylesheets (a path ending .css) with esbuild (pinned in package.json). Reads a JSON object {path: [source,
// header]} on standard input, the header being text kept word for word at the top (a vendored
// file's licence) or "". Writes {path: minified} on standard output, in the order given; or one
// line per problem ("path:line:column: message") on standard error, and exits 1.
// - Each script is minified alone, never bundled: a module keeps its imports, exports and
//   import.meta.url (esbuild renames only names local to it); a classic script keeps its
//   top-level names, which are globals.
// - Comments go; licence comments (/*! ... */, @license, @preserve) stay.
// - No syntax is lowered (the scripts run as written) and non-ASCII text stays as it is.
// - Nothing depends on the machine or the path: the same sources give the same bytes.
// Run by generator/export/minify.py.
let esbuild;
try {
  esbuild = await import("esbuild");
} catch {
  process.stderr.write("esbuild is not installed: run `make site` (or npm ci), which installs it from package-lock.json\n");
  process.exit(2);
}

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const sources = JSON.parse(Buffer.concat(chunks).toString("utf8"));

const out = {};
const problems = [];
const results = await Promise.all(Object.entries(sources).map(([path, [code, header]]) =>
  esbuild.transform(code, { minify: true, charset: "utf8", legalComments: "inline", sourcefile: path, logLevel: "silent",
    loader: path.endsWith(".css") ? "css" : "js",
    ...(header ? { banner: header } : {}) })
    .then((result) => [path, result.code], (err) => [path, null, err])));
for (const [path, code, err] of results) {   // in the order given
  if (code !== null) { out[path] = code; continue; }
  for (const e of err.errors || [{ text: String(err.message || err) }]) {
    const at = e.location ? `${e.location.line}:${e.location.column + 1}` : "1:1";
    problems.push(`${path}:${at}: ${e.text}`);
  }
}
if (problems.length) {
  process.stderr.write(problems.join("\n") + "\n");
  process.exit(1);
}
process.stdout.write(JSON.stringify(out));
