/**
 * The sandbox's sample catalogue: the chains and assets it offers, the addresses it puts in
 * payment links and the fixed USD rates it quotes. Data only; add a chain by adding one
 * entry to `sandboxChains` (and its logo in logos.ts). See README.md.
 *
 * The numbers are plausible, not live: the sandbox must answer the same way every run.
 */

export interface SandboxAsset {
  /** Symbol, as the wallet and the app show it. */
  symbol: string;
  decimals: number;
  /** What goes into the link's `currency_address`: the token contract, or the chain's native-coin marker. */
  contractAddress: string;
  /** Fixed USD rate quoted in `rate_usd`. */
  rateUsd: number;
  /** Key into the logo table (logos.ts). */
  logo: string;
}

export interface SandboxChain {
  /** Upper case, as API 2.2 says. */
  name: string;
  chainId: number;
  /** The merchant deposit contract the link's `contract_address` names. */
  depositContract: string;
  logo: string;
  assets: readonly SandboxAsset[];
}

const EVM_NATIVE = '0x0000000000000000000000000000000000000000';

export const sandboxChains: readonly SandboxChain[] = [
  {
    name: 'ETHEREUM',
    chainId: 1,
    depositContract: '0x5a4dc0de00000000000000000000000000000001',
    logo: 'chain-ethereum',
    assets: [
      {
        symbol: 'ETH',
        decimals: 18,
        contractAddress: EVM_NATIVE,
        rateUsd: 3150.42,
        logo: 'asset-eth',
      },
      {
        symbol: 'USDT',
        decimals: 6,
        contractAddress: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
        rateUsd: 1,
        logo: 'asset-usdt',
      },
      {
        symbol: 'USDC',
        decimals: 6,
        contractAddress: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        rateUsd: 1,
        logo: 'asset-usdc',
      },
    ],
  },
  {
    name: 'BSC',
    chainId: 56,
    depositContract: '0x5a4dc0de00000000000000000000000000000038',
    logo: 'chain-bsc',
    assets: [
      {
        symbol: 'BNB',
        decimals: 18,
        contractAddress: EVM_NATIVE,
        rateUsd: 612.3,
        logo: 'asset-bnb',
      },
      // Same symbol as on ETHEREUM, different decimals: the app must use the asset's own `decimal`.
      {
        symbol: 'USDT',
        decimals: 18,
        contractAddress: '0x55d398326f99059fF775485246999027B3197955',
        rateUsd: 1,
        logo: 'asset-usdt',
      },
      {
        symbol: 'USDC',
        decimals: 18,
        contractAddress: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d',
        rateUsd: 1,
        logo: 'asset-usdc',
      },
    ],
  },
  {
    name: 'POLYGON',
    chainId: 137,
    depositContract: '0x5a4dc0de00000000000000000000000000000089',
    logo: 'chain-polygon',
    assets: [
      {
        symbol: 'POL',
        decimals: 18,
        contractAddress: EVM_NATIVE,
        rateUsd: 0.42,
        logo: 'asset-pol',
      },
      {
        symbol: 'USDT',
        decimals: 6,
        contractAddress: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F',
        rateUsd: 1,
        logo: 'asset-usdt',
      },
      {
        symbol: 'USDC',
        decimals: 6,
        contractAddress: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
        rateUsd: 1,
        logo: 'asset-usdc',
      },
    ],
  },
  {
    name: 'ARBITRUM',
    chainId: 42161,
    depositContract: '0x5a4dc0de0000000000000000000000000000a4b1',
    logo: 'chain-arbitrum',
    assets: [
      {
        symbol: 'ETH',
        decimals: 18,
        contractAddress: EVM_NATIVE,
        rateUsd: 3150.42,
        logo: 'asset-eth',
      },
      {
        symbol: 'USDC',
        decimals: 6,
        contractAddress: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
        rateUsd: 1,
        logo: 'asset-usdc',
      },
    ],
  },
  {
    name: 'TRON',
    // Tron mainnet's EVM-style chain id (0x2b6653dc).
    chainId: 728126428,
    depositContract: 'TSandboxDepositContract11111111111',
    logo: 'chain-tron',
    assets: [
      {
        symbol: 'TRX',
        decimals: 6,
        contractAddress: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
        rateUsd: 0.24,
        logo: 'asset-trx',
      },
      {
        symbol: 'USDT',
        decimals: 6,
        contractAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        rateUsd: 1,
        logo: 'asset-usdt',
      },
    ],
  },
  {
    name: 'SUI',
    // Sui has no EVM chain id; the sandbox uses its SLIP-44 coin type.
    chainId: 784,
    depositContract: '0x5a4dc0de0000000000000000000000000000000000000000000000000000031a',
    logo: 'chain-sui',
    assets: [
      {
        symbol: 'SUI',
        decimals: 9,
        contractAddress: '0x2::sui::SUI',
        rateUsd: 3.6,
        logo: 'asset-sui',
      },
      {
        symbol: 'USDC',
        decimals: 6,
        contractAddress:
          '0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC',
        rateUsd: 1,
        logo: 'asset-usdc',
      },
    ],
  },
];

const chainsById = new Map(sandboxChains.map((chain) => [chain.chainId, chain]));

export function findChain(chainId: number): SandboxChain | undefined {
  return chainsById.get(chainId);
}

/** Symbols are matched exactly (upper case), as the asset list spells them. */
export function findAsset(chain: SandboxChain, symbol: string): SandboxAsset | undefined {
  return chain.assets.find((asset) => asset.symbol === symbol);
}
