#!/usr/bin/env python3
"""A headless Chromium that a Swift test drives, one JSON command per line on stdin, one JSON
answer per line on stdout: the test asserts; this only acts and reads.

Started as: browser_remote.py --lang en|de --scheme dark|light [--size 360x740]
Commands (each a JSON object with one verb):
  {"open": URL}                       load a page
  {"click": CSS}                      click the first element that matches
  {"fill": CSS, "text": T}            clear an input and type T
  {"text": CSS}                       the element's visible text ("" when hidden or missing)
  {"waitText": CSS, "contains": T, "seconds": S}
                                      wait until the element's text contains T
  {"script": JS}                      run JS (a function body), its return value
  {"axe": true}                       axe-core's WCAG 2 A and AA violations on the page
  {"screenshot": PATH}                save a PNG
  {"quit": true}
Every answer is {"ok": true, "value": …} or {"ok": false, "error": "…"}.
"""
import argparse
import json
import sys
import time

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By


def browser(lang, scheme, width, height):
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--lang=" + lang, "--no-first-run", "--disable-extensions"):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": lang})
    # A phone's screen: 360 × 740 CSS pixels unless asked for another (320 × 568, the smallest).
    options.add_experimental_option(
        "mobileEmulation", {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 1.0}})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    driver.set_page_load_timeout(20)
    driver.set_script_timeout(30)
    return driver


def visible_text(driver, css):
    found = driver.find_elements(By.CSS_SELECTOR, css)
    if not found or not found[0].is_displayed():
        return ""
    return found[0].text


def axe_violations(driver):
    # axe-core as axe-selenium-python bundles it; run here rather than through its run(),
    # which passes options alone where axe.run takes them as the context.
    from axe_selenium_python import Axe
    Axe(driver).inject()
    return driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa"]}})
          .then((results) => done(results.violations.map((v) => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }))))
          .catch((error) => done([{id: "axe-failed", help: String(error)}]));""")


def answer(command, driver):
    if "open" in command:
        driver.get(command["open"])
        return None
    if "click" in command:
        target = driver.find_element(By.CSS_SELECTOR, command["click"])
        # Into the middle of the screen: the tab bar is fixed over the bottom of the page.
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", target)
        target.click()
        return None
    if "fill" in command:
        field = driver.find_element(By.CSS_SELECTOR, command["fill"])
        field.clear()
        field.send_keys(command["text"])
        return None
    if "text" in command:
        return visible_text(driver, command["text"])
    if "waitText" in command:
        deadline = time.monotonic() + float(command.get("seconds", 10))
        while True:
            text = visible_text(driver, command["waitText"])
            if command["contains"] in text:
                return text
            if time.monotonic() > deadline:
                raise TimeoutError(f"{command['waitText']} says {text!r}, not {command['contains']!r}")
            time.sleep(0.05)
    if "script" in command:
        return driver.execute_script(command["script"])
    if "axe" in command:
        return axe_violations(driver)
    if "screenshot" in command:
        driver.save_screenshot(command["screenshot"])
        return None
    raise ValueError("no such command: " + json.dumps(command))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lang", default="en")
    parser.add_argument("--scheme", default="dark")
    parser.add_argument("--size", default="360x740")
    arguments = parser.parse_args()
    width, height = (int(part) for part in arguments.size.split("x"))
    driver = browser(arguments.lang, arguments.scheme, width, height)
    print(json.dumps({"ok": True, "value": "ready"}), flush=True)
    try:
        for line in sys.stdin:
            command = json.loads(line)
            if "quit" in command:
                break
            try:
                reply = {"ok": True, "value": answer(command, driver)}
            except (WebDriverException, TimeoutError, ValueError, KeyError) as error:
                reply = {"ok": False, "error": str(error).strip().splitlines()[0] if str(error).strip() else repr(error)}
            print(json.dumps(reply), flush=True)
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
