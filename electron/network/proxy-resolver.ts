/**
 * Which proxy a URL goes through, answered in PAC result syntax ("DIRECT",
 * "PROXY host:port; DIRECT", "HTTPS host:port", "SOCKS5 host:port", ...). In the app this
 * is Electron's `session.defaultSession.resolveProxy(url)`, which applies the OS proxy
 * settings and any PAC file; tests give a function.
 */
export type ProxyResolver = (url: string) => Promise<string>;
