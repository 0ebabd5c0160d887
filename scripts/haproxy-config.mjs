// deploy/haproxy.cfg made into the configuration of one cluster: its own address, one
// `server` line per app process, its own statistics port.

/**
 * @param {string} template the text of deploy/haproxy.cfg
 * @param {{ bind: string, statsBind: string, servers: { name: string, address: string }[] }} cluster
 * @returns {string}
 */
export function haproxyConfig(template, { bind, statsBind, servers }) {
  const lines = template.split('\n');
  // What follows the address starts with a space, so the address and it never trade characters.
  const serverLine = /^(\s*)server\s+\S+\s+\S+((?:\s.*)?)$/;
  const first = lines.findIndex((line) => serverLine.test(line));
  if (first < 0) throw new Error('deploy/haproxy.cfg has no server line to copy');
  const [, indent, options] = lines[first].match(serverLine);
  const ours = servers.map(({ name, address }) => `${indent}server ${name} ${address}${options}`);
  const rest = lines.filter((line) => !serverLine.test(line));
  rest.splice(first, 0, ...ours);
  return replaceOnce(
    replaceOnce(rest.join('\n'), 'bind 127.0.0.1:3000', `bind ${bind}`),
    'bind 127.0.0.1:8404',
    `bind ${statsBind}`,
  );
}

function replaceOnce(text, from, to) {
  if (!text.includes(from)) throw new Error(`deploy/haproxy.cfg has no "${from}" line`);
  return text.replace(from, to);
}
