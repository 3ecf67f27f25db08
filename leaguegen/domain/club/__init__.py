"""The club across seasons: who is the same person in a folder of seasons (``identity``),
and each member's career from the seasons' facts (``career``). Pure: the seasons come in
loaded, their facts derived; docs/club.md says what is matched and why.
"""
