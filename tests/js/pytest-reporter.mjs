// A node:test reporter for tests/test_node_suites.py: one JSON line per finished test and per
// line a suite writes to stderr, with its file, so one `node --test` run over every suite is
// reported back as one pytest test per suite.
export default async function* report(source) {
  for await (const event of source) {
    const { name, nesting, file, details, message } = event.data || {};
    if (event.type === "test:stderr") {
      yield JSON.stringify({ stderr: String(message), file }) + "\n";
    } else if (event.type === "test:pass" || event.type === "test:fail") {
      const error = details && details.error;
      yield JSON.stringify({
        ok: event.type === "test:pass", name, nesting, file,
        error: error ? String((error.cause && error.cause.stack) || error.stack || error.message || error).slice(0, 4000) : null,
      }) + "\n";
    }
  }
}
