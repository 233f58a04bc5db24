package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// chromiumPath finds Debian's chromium, installing it when missing (the
// tests run as root, here and in CI). A machine where it cannot be had
// fails the test: the browser tests never skip.
var (
	chromiumOnce sync.Once
	chromium     string
	chromiumErr  error
)

func chromiumPath(t *testing.T) string {
	t.Helper()
	chromiumOnce.Do(func() {
		find := func() string {
			for _, name := range []string{"chromium", "/usr/bin/chromium", "chromium-browser"} {
				if p, err := exec.LookPath(name); err == nil {
					return p
				}
			}
			return ""
		}
		if chromium = find(); chromium != "" {
			return
		}
		t.Log("chromium not found: installing it with apt-get")
		out, err := exec.Command("sh", "-c", "apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium").CombinedOutput()
		if chromium = find(); chromium == "" {
			chromiumErr = fmt.Errorf("chromium is needed by the browser tests and could not be installed (%v):\n%s", err, lastLines(string(out), 20))
		}
	})
	if chromiumErr != nil {
		t.Fatal(chromiumErr)
	}
	return chromium
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// artifacts is the folder of the screenshots: $HAKEM_ARTIFACTS, or
// artifacts/ beside the tests (git-ignored).
func artifacts(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("HAKEM_ARTIFACTS")
	if dir == "" {
		dir = "artifacts"
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// browserTab is one page of a headless chromium, with the JavaScript
// errors it reported.
type browserTab struct {
	t       *testing.T
	ctx     context.Context
	started bool
	mu      sync.Mutex
	errs    []string
}

// newBrowser starts a headless chromium on a fresh profile; it is stopped
// when the test ends.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath(t)),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	browser, cancelBrowser := chromedp.NewContext(alloc)
	if err := chromedp.Do(browser); err != nil {
		cancelBrowser()
		cancelAlloc()
		t.Fatalf("starting chromium: %v", err)
	}
	t.Cleanup(func() { cancelBrowser(); cancelAlloc() })
	return browser
}

// tab opens a tab of width x height CSS pixels (mobile: a phone's
// viewport, touch and all).
func tab(t *testing.T, browser context.Context, width, height int, mobile bool) *browserTab {
	t.Helper()
	b := &browserTab{t: t}
	listen := func(ev any) {
		switch ev := ev.(type) {
		case *runtime.EventExceptionThrown:
			b.mu.Lock()
			d := ev.ExceptionDetails
			msg := fmt.Sprintf("%s (%s:%d)", d.Text, d.URL, d.LineNumber+1)
			if d.Exception != nil {
				msg += " " + d.Exception.Description
			}
			b.errs = append(b.errs, msg)
			b.mu.Unlock()
		case *runtime.EventConsoleAPICalled:
			if ev.Type == "error" {
				var parts []string
				for _, a := range ev.Args {
					if a.Description != "" {
						parts = append(parts, a.Description)
					} else {
						parts = append(parts, string(a.Value))
					}
				}
				b.mu.Lock()
				b.errs = append(b.errs, "console.error: "+strings.Join(parts, " "))
				b.mu.Unlock()
			}
		}
	}
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithListener(listen))
	t.Cleanup(cancel)
	b.ctx = ctx
	vp := []chromedp.EmulateViewportOption{}
	if mobile {
		vp = append(vp, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(2))
	}
	b.run(chromedp.EmulateViewport(int64(width), int64(height), vp...))
	return b
}

// run runs actions, failing the test on an error (bounded by 30 s).
// click clicks the element sel names, as a user does. A page that
// re-renders a list (the console, on each event) may replace the node
// between chromedp's query and its click ("Could not find node with given
// id"): the click is then tried again on the new node, up to five times.
func (b *browserTab) click(sel string) {
	b.t.Helper()
	for try := 1; ; try++ {
		ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
		err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel)))
		cancel()
		if err == nil {
			return
		}
		if try == 5 || !strings.Contains(err.Error(), "Could not find node") {
			b.t.Fatalf("browser: click %s: %v", sel, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func (b *browserTab) run(actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if b.started {
		ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
		defer cancel()
		if err := chromedp.Do(ctx, actions...); err != nil {
			b.t.Fatalf("browser: %v", err)
		}
		return
	}
	// the first run opens the tab: no timeout on its context (see chromedp.Run)
	b.started = true
	if err := chromedp.Do(b.ctx, actions...); err != nil {
		b.t.Fatalf("browser: %v", err)
	}
}

// open loads url and waits for the page's main content.
func (b *browserTab) open(url string) {
	b.t.Helper()
	b.run(chromedp.Navigate(url), chromedp.WaitReady(chromedp.CSS("#page")))
}

// eval evaluates a JavaScript expression into v (through JSON).
func (b *browserTab) eval(expr string, v any) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string]("JSON.stringify("+expr+")"))
	if err != nil {
		b.t.Fatalf("browser: %s: %v", expr, err)
	}
	if err := json.Unmarshal([]byte(s), v); err != nil {
		b.t.Fatalf("browser: %s gave %q: %v", expr, s, err)
	}
}

// waitTrue waits until the JavaScript expression is true (a bound of 20 s,
// not a timing assertion), failing with what and the page's text.
func (b *browserTab) waitTrue(what, expr string) {
	b.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(b.ctx, 10*time.Second)
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("!!("+expr+")"))
		cancel()
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			text, _ := chromedp.Run(b.ctx, chromedp.Evaluate[string](`document.body.innerText.slice(0, 3000)`))
			b.t.Fatalf("%s: not so within 20 s (err %v); JS errors %v; page:\n%s", what, err, b.jsErrors(), text)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// jsErrors returns the JavaScript errors seen so far.
func (b *browserTab) jsErrors() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.errs...)
}

// noJSErrors fails the test if the page threw or logged an error.
func (b *browserTab) noJSErrors() {
	b.t.Helper()
	if errs := b.jsErrors(); len(errs) > 0 {
		b.t.Errorf("JavaScript errors: %v", errs)
	}
}

// screenshot saves the whole page as a PNG in the artifacts folder.
func (b *browserTab) screenshot(name string) {
	b.t.Helper()
	b.screenshotAt(filepath.Join(artifacts(b.t), name))
}

// screenshotAt saves the whole page as a PNG at path.
func (b *browserTab) screenshotAt(path string) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, fullPage)
	if err != nil {
		b.t.Fatalf("screenshot: %v", err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
	b.t.Logf("screenshot %s", path)
}

// js quotes s as a JavaScript string literal.
func js(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// fullPage captures the whole page (its scroll size) as a PNG, clipped
// explicitly: chromium's capture beyond the viewport alone sometimes stops
// at the viewport.
func fullPage(ctx context.Context, t *chromedp.Target) ([]byte, error) {
	size, err := chromedp.Evaluate[[]float64](`[document.documentElement.scrollWidth, document.documentElement.scrollHeight]`)(ctx, t)
	if err != nil {
		return nil, err
	}
	if len(size) != 2 {
		return nil, fmt.Errorf("page size %v", size)
	}
	r, err := cdp.Call(ctx, t, page.CaptureScreenshot, page.CaptureScreenshotParams{
		Format:                page.CaptureScreenshotFormatPng,
		CaptureBeyondViewport: ptrTo(true),
		FromSurface:           ptrTo(true),
		Clip:                  &page.Viewport{Width: size[0], Height: size[1], Scale: 1},
	})
	if err != nil {
		return nil, err
	}
	return r.Data, nil
}

func ptrTo[T any](v T) *T { return &v }
