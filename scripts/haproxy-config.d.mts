/** deploy/haproxy.cfg made into the configuration of one cluster (haproxy-config.mjs). */
export function haproxyConfig(
  template: string,
  cluster: {
    bind: string;
    statsBind: string;
    servers: { name: string; address: string }[];
  },
): string;
