// The slice of nfc-pcsc 0.8 (untyped) that the reader process uses.
declare module 'nfc-pcsc' {
  import type { EventEmitter } from 'node:events';

  export interface CardInfo {
    atr?: Buffer;
    standard?: string;
    type?: string;
  }

  export class Reader extends EventEmitter {
    readonly name: string;
    autoProcessing: boolean;
    /** The native pcsclite CardReader. */
    readonly reader: { close(): void; connected?: boolean };
    transmit(data: Buffer, responseMaxLength: number): Promise<Buffer>;
    close(): void;
    on(event: 'card', listener: (card: CardInfo) => void): this;
    on(event: 'card.off', listener: (card: CardInfo) => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    on(event: 'end', listener: () => void): this;
  }

  export class NFC extends EventEmitter {
    constructor(logger?: unknown);
    readonly readers: Record<string, unknown>;
    close(): void;
    on(event: 'reader', listener: (reader: Reader) => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
  }
}
