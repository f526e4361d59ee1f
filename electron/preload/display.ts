// The customer display's bridge: subscriptions only (desktop-shell issue). Empty until then.
export {};
