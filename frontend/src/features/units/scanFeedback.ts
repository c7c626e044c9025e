/** A short beep and a buzz per read (docs/units.md): high and short when taken, low and double when refused. */
let audio: AudioContext | null = null;

export function scanFeedback(ok: boolean): void {
  try {
    audio ??= new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = ok ? 1760 : 330;
    gain.gain.value = 0.15;
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + (ok ? 0.08 : 0.25));
  } catch {
    // No audio (a test environment, a browser that refuses): the list and the message still say it.
  }
  navigator.vibrate?.(ok ? 60 : [80, 60, 80]);
}
