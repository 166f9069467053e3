import type { ComponentChildren, JSX } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

/**
 * A confirmation before a change that cannot be undone (cancel, no-show, revoke). The native
 * <dialog> opened with showModal() keeps focus inside, closes on Escape and returns focus to the
 * button that opened it, with no focus-trap code of our own.
 */

interface Question {
  title: string;
  body: ComponentChildren;
  confirm: string;
  cancel: string;
  resolve: (answer: boolean) => void;
}

export function useConfirm(): [
  JSX.Element,
  (title: string, body: ComponentChildren, confirm: string, cancel?: string) => Promise<boolean>,
] {
  const [question, setQuestion] = useState<Question | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    if (question && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [question]);

  const ask = useCallback(
    (title: string, body: ComponentChildren, confirm: string, cancel = 'Keep it') =>
      new Promise<boolean>((resolve) => setQuestion({ title, body, confirm, cancel, resolve })),
    [],
  );

  const answer = (value: boolean) => {
    question?.resolve(value);
    dialog.current?.close();
    setQuestion(null);
  };

  const element = (
    <dialog
      ref={dialog}
      class="dialog"
      aria-labelledby="confirm-title"
      data-testid="confirm-dialog"
      onCancel={() => answer(false)}
    >
      {question && (
        <form method="dialog" onSubmit={(event) => (event.preventDefault(), answer(true))}>
          <h2 id="confirm-title">{question.title}</h2>
          {typeof question.body === 'string' ? <p>{question.body}</p> : question.body}
          <div class="actions">
            <button type="button" class="button" onClick={() => answer(false)} data-testid="confirm-no">
              {question.cancel}
            </button>
            <button type="submit" class="button danger" data-testid="confirm-yes">
              {question.confirm}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
  return [element, ask];
}
