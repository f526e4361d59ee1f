import { Box, Group, Stack, Text } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import type { PrintBlock, PrintDocument } from '../../../shared/printing/print-document';

/**
 * A document drawn from its blocks as the paper will show them (main made every text; nothing
 * is formatted here): black on white whatever the page's colour scheme, like the paper.
 */
export function PrintPreview({ document }: { document: PrintDocument }) {
  return (
    <Box
      data-testid="print-preview"
      data-kind={document.kind}
      aria-label={document.title}
      role="document"
      p="md"
      maw={380}
      mx="auto"
      style={{
        background: '#fff',
        color: '#000',
        fontFamily: 'ui-monospace, "DejaVu Sans Mono", Consolas, monospace',
        border: '1px solid #868e96',
        boxShadow: '0 2px 8px rgba(0,0,0,0.15)',
      }}
    >
      <Stack gap={4}>
        {document.blocks.map((block, index) => (
          <PreviewBlock key={index} block={block} />
        ))}
      </Stack>
    </Box>
  );
}

function PreviewBlock({ block }: { block: PrintBlock }) {
  switch (block.type) {
    case 'title':
      return (
        <Text ta="center" fw={800} size="xl" c="#000" ff="inherit">
          {block.text}
        </Text>
      );
    case 'text':
      return (
        <Text
          ta={block.align === 'center' ? 'center' : 'left'}
          fw={block.bold ? 700 : 400}
          size={block.small ? 'xs' : 'sm'}
          c="#000"
          ff="inherit"
        >
          {block.text}
        </Text>
      );
    case 'row':
      return (
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={block.bold ? 700 : 400} c="#000" ff="inherit">
            {block.label}
          </Text>
          <Text size="sm" fw={block.bold ? 700 : 400} c="#000" ff="inherit" ta="right">
            {block.value}
          </Text>
        </Group>
      );
    case 'rule':
      return <Box my={4} style={{ borderTop: '1px dashed #000' }} />;
    case 'mark':
      return (
        <Text
          data-testid="print-mark"
          ta="center"
          fw={800}
          size="lg"
          py={4}
          my={4}
          ff="inherit"
          style={{ background: '#000', color: '#fff', letterSpacing: '0.1em' }}
        >
          {block.text}
        </Text>
      );
    case 'qr':
      return (
        <Stack gap={2} align="center" my={4}>
          <QRCodeSVG
            value={block.data}
            size={128}
            level="M"
            marginSize={4}
            bgColor="#ffffff"
            fgColor="#000000"
            role="img"
            aria-label="QR code of the order id"
          />
          {block.caption ? (
            <Text size="xs" c="#000" ff="inherit" ta="center" style={{ overflowWrap: 'anywhere' }}>
              {block.caption}
            </Text>
          ) : null}
        </Stack>
      );
  }
}
