// The one fake localStorage of the Node suites: what the device's table (play/stored-table.js),
// the start page's recent list (start/recent.js) and search's in:table read and write. Written
// once, so a suite cannot test against a fake that behaves unlike the others.

/** A working storage in memory; `data` is its content, to read or spoil by hand. */
export function memoryStorage(initial = {}) {
  const data = { ...initial };
  return {
    getItem: (k) => (k in data ? data[k] : null),
    setItem: (k, v) => { data[k] = String(v); },
    removeItem: (k) => { delete data[k]; },
    data,
  };
}

/** Storage the browser refuses (site data blocked): every call throws a SecurityError. */
export function blockedStorage() {
  const refuse = () => { throw new Error("SecurityError"); };
  return { getItem: refuse, setItem: refuse, removeItem: refuse };
}

/** A storage that reads but is full: every write throws a QuotaExceededError. */
export function fullStorage(initial = {}) {
  return { ...memoryStorage(initial), setItem() { throw new Error("QuotaExceededError"); } };
}
