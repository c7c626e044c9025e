/** Answers about the `Idempotency-Key` header of a write (docs/idempotency.md); all ours, the spec has none. */
export const ja = {
  idempotency: {
    invalidKey: "Idempotency-Key の値が正しくありません。1〜255文字の半角英数字・記号で指定してください",
    inProgress: "同じ操作を処理中です。しばらくしてから再度お試しください",
    keyReused: "この Idempotency-Key は別の内容の操作に使用済みです。新しい操作として送信し直してください",
  },
};
