// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AfterFirstAnswers } from '../../../../renderer/cashier/shell/after-first-answers';

afterEach(() => cleanup());

describe('AfterFirstAnswers', () => {
  it('draws nothing until the first answers are in, then its children', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    render(
      <AfterFirstAnswers answered={answered}>
        <p data-testid="shell">shell</p>
      </AfterFirstAnswers>,
    );
    await act(async () => {});
    expect(screen.queryByTestId('shell')).toBeNull();
    await act(async () => answer());
    expect(screen.getByTestId('shell')).toBeTruthy();
  });
});
